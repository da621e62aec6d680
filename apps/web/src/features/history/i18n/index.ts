import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The history's texts live with the feature and read as t('history.…').
addTranslations('en', { history: en });
addTranslations('de', { history: de });
addTranslations('pt-br', { history: ptBr });
