import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The auth texts live with the feature and read as t('auth.…').
addTranslations('en', { auth: en });
addTranslations('de', { auth: de });
addTranslations('pt-br', { auth: ptBr });
