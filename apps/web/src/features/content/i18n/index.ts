import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The content pages' own texts read as t('content.…').
addTranslations('en', { content: en });
addTranslations('de', { content: de });
addTranslations('pt-br', { content: ptBr });
