import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The documents tab's texts read as t('documents.…').
addTranslations('en', { documents: en });
addTranslations('de', { documents: de });
addTranslations('pt-br', { documents: ptBr });
