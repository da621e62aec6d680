import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The loyalty page, its modals, the header badge and the level-up notice read as t('loyalty.…').
addTranslations('en', { loyalty: en });
addTranslations('de', { loyalty: de });
addTranslations('pt-br', { loyalty: ptBr });
