import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The support widget, live chat and contact form read as t('support.…').
addTranslations('en', { support: en });
addTranslations('de', { support: de });
addTranslations('pt-br', { support: ptBr });
