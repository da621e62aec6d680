import { ValidationMessage } from '@casino/contracts/validation-messages';
/** English texts (the default locale, bundled). Placeholders use single braces: `{path}`. */
const en = {
  meta: { intlLocale: 'en' },
  common: { close: 'Close', loading: 'Loading…', gotIt: 'Got it' },
  a11y: { skipToContent: 'Skip to content' },
  account: {
    signIn: 'Sign in',
    signUp: 'Sign up',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    walletShort: 'Wallet',
    wallet: 'Wallet',
    logout: 'Log out',
    menu: 'Account menu',
    player: 'Player',
    profile: 'Profile',
    bonuses: 'My bonuses',
    history: 'History',
    limits: 'Limits',
  },
  nav: {
    casino: 'Casino',
    sports: 'Sports',
    categories: 'Categories',
    providers: 'Providers',
    bonuses: 'Bonuses',
    loyalty: 'Loyalty',
    favorites: 'Favourites',
    recentlyPlayed: 'Recently played',
    help: 'Help centre',
    myGames: 'My games',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    homeLink: 'Home page',
    primary: 'Main',
    quick: 'Quick navigation',
    sections: 'Site sections',
  },
  search: { open: 'Search games', placeholder: 'Search games', short: 'Search' },
  theme: { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' },
  locale: { label: 'Language' },
  toast: { region: 'Notifications', dismiss: 'Click to dismiss' },
  footer: {
    tagline: 'Casino games and sports betting with one wallet for fiat and crypto, and the tools to stay in control.',
    play: 'Play',
    help: 'Help',
    legal: 'Legal',
    faq: 'Help centre',
    responsibleGaming: 'Responsible gaming',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    bonusTerms: 'Bonus terms',
    adultsOnly: 'Adults only: 18 and over',
    responsibleText:
      'Gambling can be addictive. Play responsibly and only with money you can afford to lose. Only people aged 18 or over may register.',
    responsibleLink: 'Get help and set limits',
    responsibleShort: '18+ · Play responsibly',
    copyright: '© {year} {brand}. All rights reserved.',
  },
  home: {
    metaTitle: 'Casino games and sports betting',
    eyebrow: 'Casino · Live · Sports',
    title: 'Play bold. Stay in control.',
    subtitle:
      'A casino and sportsbook built around fair play: one wallet for fiat and crypto, and limits you set yourself.',
    join: 'Create account',
    browse: 'Browse games',
    ageNote: '18+ only. Gambling can be addictive — please play responsibly.',
    pillarsTitle: 'Why play with us',
    pillars: {
      wallet: {
        title: 'One wallet, many currencies',
        text: 'Hold fiat and crypto accounts side by side and choose which one you play with.',
      },
      control: {
        title: 'You set the limits',
        text: 'Deposit, loss and bet limits, cooling-off and self-exclusion are always within reach.',
      },
      fast: { title: 'Live in real time', text: 'Balances update the moment they change — no refreshing needed.' },
    },
    lobbyTitle: 'Game lobby',
    lobbySoon: 'The game lobby is being stocked.',
  },
  comingSoon: {
    badge: 'Coming soon',
    body: 'This part of the site is on its way. When it is ready, it will appear right here.',
    backHome: 'Back to home',
  },
  pages: {
    doom: { title: 'Doom', description: 'A special game experience.', soon: 'Doom is not open yet.' },
    bonuses: {
      title: 'Bonuses',
      description: 'Welcome offers, free spins and promotions.',
      soon: 'Bonuses and promotions are on their way.',
    },
    loyalty: {
      title: 'Loyalty',
      description: 'Earn points as you play and climb the loyalty levels.',
      soon: 'The loyalty programme is on its way.',
    },
    providers: { title: 'Providers', description: 'The game studios behind our catalogue.' },
    questions: {
      title: 'Help centre',
      description: 'Answers to common questions about accounts, payments and play.',
      soon: 'The help centre is on its way.',
    },
    question: {
      title: 'Help article',
      description: 'An answer from our help centre.',
      soon: 'Help articles are on their way.',
    },
    categories: { title: 'Categories', empty: 'There are no game categories yet.' },
    category: { title: 'Games', soon: 'Game categories are on their way.' },
    favorites: { title: 'Favourites' },
    bonusPage: {
      title: 'Promotion',
      description: 'Details and terms of this promotion.',
      soon: 'Promotion pages are on their way.',
    },
    staticPage: {
      title: 'Information',
      description: 'Site information and policies.',
      soon: 'Information pages are on their way.',
    },
    recentlyPlayed: { title: 'Recently played' },
    betting: {
      title: 'Sports',
      description: 'Pre-match and live sports betting.',
      soon: 'The sportsbook is on its way.',
    },
    autologin: {
      title: 'Signing you in',
      description: 'You followed a one-time sign-in link.',
      soon: 'Sign-in links are not supported yet. Please sign in with your e-mail and password.',
    },
    callback: {
      title: 'Signing you in',
      description: 'You are coming back from a social sign-in.',
      soon: 'Social sign-in is not available yet. Please sign in with your e-mail and password.',
    },
    profileInfo: {
      title: 'Personal details',
      description: 'Your name, contact details and preferences.',
      soon: 'Editing your personal details is on its way.',
    },
    profileLimits: {
      title: 'Limits',
      description: 'Deposit, loss and bet limits, cooling-off and self-exclusion.',
      soon: 'Responsible gaming limits are on their way.',
    },
    profileBonuses: {
      title: 'My bonuses',
      description: 'Active and issued bonuses, free spins and promo codes.',
      soon: 'Your bonus overview is on its way.',
    },
    profileSecurity: {
      title: 'Security',
      description: 'Change your password.',
      soon: 'Password changes are on their way.',
    },
    profileDocuments: {
      title: 'Documents',
      description: 'Upload documents to verify your identity.',
      soon: 'Document upload is on its way.',
    },
    profileVerification: {
      title: 'Verification',
      description: 'Confirm your e-mail address and phone number.',
      soon: 'Verification is on its way.',
    },
    profileNotifications: {
      title: 'Notifications',
      description: 'Messages from us to you.',
      soon: 'Your message inbox is on its way.',
    },
  },
  profile: {
    title: 'My account',
    sections: 'Account sections',
    tabs: {
      info: 'Personal',
      wallet: 'Wallet',
      bonuses: 'Bonuses',
      history: 'History',
      limits: 'Limits',
      security: 'Security',
      verification: 'Verification',
      documents: 'Documents',
      notifications: 'Notifications',
    },
    wallet: {
      title: 'Wallet',
      description: 'Your accounts and balances are in the wallet. Deposit or withdraw from there.',
    },
  },
  modals: {
    comingSoon: {
      title: 'Coming soon',
      description: 'This part of the product is not ready yet.',
      body: 'We are building it right now. Thank you for your patience.',
    },
    titles: {
      search: 'Search games',
      'forgot-pass': 'Forgot your password?',
      'reset-pass': 'Choose a new password',
      categories: 'Categories',
      providers: 'Providers',
    },
  },
  verify: {
    title: 'Confirm your e-mail',
    soon: 'E-mail confirmation is not available yet. Please keep the e-mail and open the link again later.',
  },
  reset: {
    title: 'Reset your password',
    description: 'Choose a new password for your account.',
    continue: 'Set a new password',
  },
  geo: {
    title: 'Not available in your region',
    message: '{brand} is not available in your country.',
    messageCountry: '{brand} is not available in {country}.',
    hint: 'Local regulations do not allow us to offer our services where you are. We are sorry for the inconvenience.',
  },
  notFound: {
    title: 'Page not found',
    unmatched: 'Page not found: {path}',
    route: 'Page Not Found: {path}',
    hint: 'The link may be broken, or the page may have moved.',
    home: 'Back to home',
  },
  error: {
    title: 'Internal Server Error',
    message: 'Something went wrong on our side. Please try again.',
    reload: 'Try again',
  },
  /** The generic messages of @casino/contracts; features translate with t('validation.<key>', { min, max, … }). */
  validation: ValidationMessage,
};

export default en;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Every locale has every English key (checked by the compiler). */
export type Translations = Shape<typeof en>;
