import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The tournament section, page and toasts read as t('tournaments.…').
addTranslations('en', { tournaments: en });
addTranslations('de', { tournaments: de });
addTranslations('pt-br', { tournaments: ptBr });
