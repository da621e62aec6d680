import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The sportsbook's texts live with the feature and read as t('sportsbook.…').
addTranslations('en', { sportsbook: en });
addTranslations('de', { sportsbook: de });
addTranslations('pt-br', { sportsbook: ptBr });
