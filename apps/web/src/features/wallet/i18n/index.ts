import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The wallet's texts live with the wallet and read as t('wallet.…').
addTranslations('en', { wallet: en });
addTranslations('de', { wallet: de });
addTranslations('pt-br', { wallet: ptBr });
