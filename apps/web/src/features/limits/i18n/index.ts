import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The limits page, its modals and the reality check read as t('limits.…').
addTranslations('en', { limits: en });
addTranslations('de', { limits: de });
addTranslations('pt-br', { limits: ptBr });
