import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The catalogue's texts live with it and read as t('games.…').
addTranslations('en', { games: en });
addTranslations('de', { games: de });
addTranslations('pt-br', { games: ptBr });
