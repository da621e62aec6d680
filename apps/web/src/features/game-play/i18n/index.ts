import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The game page's texts live with the feature and read as t('gamePlay.…').
addTranslations('en', { gamePlay: en });
addTranslations('de', { gamePlay: de });
addTranslations('pt-br', { gamePlay: ptBr });
