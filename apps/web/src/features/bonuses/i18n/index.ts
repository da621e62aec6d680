import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The bonus pages, their modals and the bonus toasts read as t('bonuses.…').
addTranslations('en', { bonuses: en });
addTranslations('de', { bonuses: de });
addTranslations('pt-br', { bonuses: ptBr });
