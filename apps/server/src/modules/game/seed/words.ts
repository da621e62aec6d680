/**
 * Word material of the generated catalogue. Every name here is invented; studio names were checked
 * against the well-known real ones, and famous real game titles are filtered out in `FAMOUS_TITLES`.
 * Changing anything here changes the catalogue: bump CATALOGUE_SEED_VERSION (see catalogue-data.ts).
 */

/** Invented studios (no real trademarks); a few accented ones so provider search shows accent folding. */
export const PROVIDER_NAMES = [
  'Amberwick Studios', 'Brassmoon Games', 'Cobalt Lantern', 'Driftwood Reels', 'Ember & Oak', 'Foxglove Interactive',
  'Glasswing Play', 'Harborlight Labs', 'Indigo Owl Games', 'Juniper Forge', 'Kestrel Peak Gaming', 'Lumen Orchard',
  'Marigold Mechanics', 'Nimbus Quarry', 'Opal Harbor Studios', 'Pinecone Arcade', 'Quill & Lantern', 'Rustvale Games',
  'Saffron Circuit', 'Tidewater Spin', 'Umber Fox', 'Velvet Anchor', 'Willowbyte', 'Xenon Meadow',
  'Yarrow Studio', 'Zephyr Kiln', 'Sölvberg Studio', 'Estúdio Caju', 'Bärenhaus Spiele', 'Copper Kite',
  'Dapple Moth', 'Gildwater', 'Hollowreed Games', 'Ivory Tusk Labs', 'Jadefin Studio', 'Lark & Lever',
  'Moonquay Games', 'Nightjar Works', 'Orchid Vault', 'Pebblestack', 'Quartzline Gaming', 'Redcap Foundry',
  'Silverbirch Play', 'Thistle Engine', 'Brightmoor Studio', 'Cinderbell Games', 'Deepwell Interactive', 'Frostpine Labs',
  'Goldfinch Reels', 'Hazelgrove Games', 'Inkwell Spins', 'Kettlebrook Studio', 'Loomwright', 'Mistral Reels',
  'Northgale Studio', 'Oddfellow Arcade', 'Pennywhistle Games', 'Rookery Play', 'Starling Bay', 'Tallowick',
  'Verdigris Studio', 'Wrenfield Games', 'Citrine Owl', 'Café Lumière Games', 'Mørkeskog Interactive', 'Sol Dorado Juegos',
] as const;

export type ThemeId =
  | 'fruit' | 'classic' | 'egypt' | 'greek' | 'aztec' | 'roman' | 'nordic' | 'brazil' | 'alpine' | 'asian' | 'ocean'
  | 'space' | 'west' | 'irish' | 'candy' | 'gems' | 'fantasy' | 'safari' | 'horror' | 'pirates' | 'party' | 'heist';

export type Theme = { id: ThemeId; weight: number; nouns: string[]; adjectives: string[]; leads: string[]; suffixes: string[] };

export const THEMES: Theme[] = [
  {
    id: 'fruit', weight: 10,
    nouns: ['Cherry', 'Lemon', 'Melon', 'Plum', 'Grape', 'Berry', 'Orange', 'Fruit', 'Peach', 'Citrus', 'Watermelon', 'Strawberry', 'Kiwi', 'Mango'],
    adjectives: ['Juicy', 'Fresh', 'Sizzling', 'Frosty', 'Sweet', 'Wild', 'Lucky', 'Golden', 'Fiery', 'Double', 'Triple', 'Blazing', 'Chilled'],
    leads: ['Basket of', 'Orchard of', 'Crate of'],
    suffixes: ['Fever', 'Frenzy', 'Stand', 'Market', 'Cocktail', 'Smoothie', 'Harvest'],
  },
  {
    id: 'classic', weight: 8,
    nouns: ['Sevens', 'Bars', 'Bells', 'Diamonds', 'Stars', 'Crowns', 'Horseshoes', 'Aces', 'Coins', 'Jokers'],
    adjectives: ['Burning', 'Flaming', 'Super', 'Ultra', 'Classic', 'Retro', 'Neon', 'Royal', 'Shining', 'Electric', 'Vintage', 'Lucky'],
    leads: ['Hall of', 'House of', 'Reel of'],
    suffixes: ['Classic', 'Hold & Win', 'Respin', 'Arcade', 'Casino', 'Nights'],
  },
  {
    id: 'egypt', weight: 8,
    nouns: ['Pharaoh', 'Pyramid', 'Sphinx', 'Anubis', 'Scarab', 'Nile', 'Osiris', 'Horus', 'Nefertiti', 'Ankh', 'Oasis', 'Obelisk'],
    adjectives: ['Golden', 'Lost', 'Hidden', 'Sacred', 'Eternal', 'Mystic', 'Ancient', 'Forgotten', 'Cursed', 'Sunlit'],
    leads: ['Tomb of', 'Secrets of', 'Riches of', 'Scrolls of', 'Chamber of'],
    suffixes: ['Dynasty', 'Sands', 'Relics', 'Mysteries', 'Expedition'],
  },
  {
    id: 'greek', weight: 6,
    nouns: ['Zeus', 'Athena', 'Poseidon', 'Hercules', 'Medusa', 'Pegasus', 'Titan', 'Spartan', 'Minotaur', 'Oracle', 'Acropolis', 'Hermes', 'Apollo'],
    adjectives: ['Mighty', 'Divine', 'Thundering', 'Immortal', 'Heroic', 'Golden', 'Marble', 'Celestial', 'Fearless', 'Storm'],
    leads: ['Trials of', 'Wrath of', 'Halls of', 'Myths of', 'Chronicles of'],
    suffixes: ['Odyssey', 'Thunder', 'Pantheon', 'Labyrinth', 'Myths'],
  },
  {
    id: 'aztec', weight: 5,
    nouns: ['Aztec', 'Maya', 'Inca', 'Quetzal', 'Jaguar', 'Temple', 'Sun Stone', 'Obsidian', 'Serpent', 'Condor', 'Jungle Idol'],
    adjectives: ['Golden', 'Jade', 'Emerald', 'Sacred', 'Hidden', 'Blazing', 'Stone', 'Feathered', 'Lost', 'Savage'],
    leads: ['Temple of', 'Gold of', 'Spirit of', 'Path of'],
    suffixes: ['Empire', 'Ritual', 'Idols', 'Calendar', 'Pyramids'],
  },
  {
    id: 'roman', weight: 3,
    nouns: ['Gladiator', 'Colosseum', 'Caesar', 'Legion', 'Centurion', 'Rome', 'Senate', 'Chariot', 'Emperor', 'Arena'],
    adjectives: ['Imperial', 'Bronze', 'Victorious', 'Iron', 'Noble', 'Glorious', 'Marble', 'Crimson'],
    leads: ['Glory of', 'Fall of', 'March of', 'Games of'],
    suffixes: ['Conquest', 'Triumph', 'Arena', 'Legions'],
  },
  {
    id: 'nordic', weight: 5,
    nouns: ['Viking', 'Fjord', 'Valhalla', 'Odin', 'Rune', 'Troll', 'Aurora', 'Longship', 'Freya', 'Raven', 'Åsgard', 'Ragnarök', 'Midnight Sun'],
    adjectives: ['Frozen', 'Northern', 'Mighty', 'Silver', 'Icebound', 'Wild', 'Stormy', 'Ancient', 'Polar', 'Fearless'],
    leads: ['Saga of', 'Halls of', 'Shield of', 'Runes of'],
    suffixes: ['Saga', 'Raiders', 'Winter', 'Glacier', 'Skål'],
  },
  {
    id: 'brazil', weight: 4,
    nouns: ['Carnaval', 'Samba', 'Copacabana', 'Ipanema', 'Amazônia', 'Maracanã', 'Toucan', 'Capoeira', 'Bossa', 'Cachoeira', 'Forró', 'Jabuti'],
    adjectives: ['Tropical', 'Golden', 'Festive', 'Wild', 'Sunny', 'Vibrant', 'Lucky', 'Dazzling', 'Alegre', 'Rainforest'],
    leads: ['Festa de', 'Noite de', 'Ritmo de', 'Coração de'],
    suffixes: ['Fiesta', 'Parade', 'Beats', 'Sunset', 'Alegria'],
  },
  {
    id: 'alpine', weight: 4,
    nouns: ['Alpen', 'Edelweiß', 'Schloss', 'Glück', 'Oktoberfest', 'Gipfel', 'Kuckuck', 'Märchen', 'Schwarzwald', 'Almhütte', 'Brezel'],
    adjectives: ['Golden', 'Lucky', 'Snowy', 'Jolly', 'Royal', 'Hearty', 'Silver', 'Bavarian', 'Alpine', 'Merry'],
    leads: ['Schatz vom', 'Zauber vom'],
    suffixes: ['Wunder', 'Fest', 'Klassik', 'Express', 'Gold'],
  },
  {
    id: 'asian', weight: 7,
    nouns: ['Dragon', 'Koi', 'Lotus', 'Panda', 'Tiger', 'Jade', 'Lantern', 'Bamboo', 'Phoenix', 'Dynasty', 'Lucky Cat', 'Geisha', 'Samurai', 'Shogun'],
    adjectives: ['Golden', 'Crimson', 'Imperial', 'Jade', 'Prosperous', 'Lucky', 'Silk', 'Mystic', 'Twin', 'Fortunate'],
    leads: ['Palace of', 'Path of', 'Blessing of', 'Garden of'],
    suffixes: ['Prosperity', 'Blessings', 'Festival', 'Dynasty', 'Harmony'],
  },
  {
    id: 'ocean', weight: 5,
    nouns: ['Pearl', 'Mermaid', 'Kraken', 'Reef', 'Dolphin', 'Shark', 'Atlantis', 'Lagoon', 'Octopus', 'Seahorse', 'Coral', 'Whale'],
    adjectives: ['Deep', 'Sunken', 'Azure', 'Tidal', 'Wild', 'Shimmering', 'Hidden', 'Golden', 'Abyssal', 'Turquoise'],
    leads: ['Depths of', 'Song of', 'Treasures of', 'Secrets of'],
    suffixes: ['Tides', 'Depths', 'Voyage', 'Waves', 'Bounty'],
  },
  {
    id: 'space', weight: 5,
    nouns: ['Galaxy', 'Nebula', 'Comet', 'Starship', 'Planet', 'Asteroid', 'Alien', 'Cosmos', 'Orbit', 'Supernova', 'Pulsar', 'Quasar'],
    adjectives: ['Cosmic', 'Stellar', 'Astro', 'Hyper', 'Quantum', 'Neon', 'Lunar', 'Solar', 'Galactic', 'Infinite'],
    leads: ['Beyond the', 'Edge of the', 'Voyage to the'],
    suffixes: ['Odyssey', 'Voyage', 'Warp', 'Invaders', 'Drift'],
  },
  {
    id: 'west', weight: 4,
    nouns: ['Sheriff', 'Outlaw', 'Saloon', 'Bounty', 'Mustang', 'Canyon', 'Desperado', 'Stagecoach', 'Frontier', 'Gunslinger', 'Prospector'],
    adjectives: ['Wild', 'Dusty', 'Golden', 'Rowdy', 'Lonesome', 'Blazing', 'Rugged', 'Silver', 'Rattlesnake', 'Sundown'],
    leads: ['Legend of the', 'Showdown at', 'Ballad of the'],
    suffixes: ['Showdown', 'Stampede', 'Trail', 'Posse', 'Wanted'],
  },
  {
    id: 'irish', weight: 4,
    nouns: ['Leprechaun', 'Shamrock', 'Clover', 'Rainbow', 'Emerald Isle', 'Celtic Knot', 'Blarney', 'Fiddler', 'Wishing Well'],
    adjectives: ['Lucky', 'Merry', 'Golden', 'Green', 'Four-Leaf', 'Jolly', 'Magic', 'Charmed', 'Twinkling'],
    leads: ['Luck of the', 'Legend of the', 'Road to the'],
    suffixes: ['Luck', 'Charms', 'Jig', 'Wishes', 'Pot'],
  },
  {
    id: 'candy', weight: 5,
    nouns: ['Candy', 'Cupcake', 'Lollipop', 'Gummy', 'Donut', 'Marshmallow', 'Caramel', 'Bonbon', 'Toffee', 'Jellybean', 'Macaron', 'Praline'],
    adjectives: ['Sugary', 'Fizzy', 'Sticky', 'Sweet', 'Frosted', 'Rainbow', 'Bubbly', 'Creamy', 'Tangy', 'Crunchy'],
    leads: ['Land of', 'Factory of', 'Kingdom of'],
    suffixes: ['Crush', 'Pop', 'Swirl', 'Factory', 'Treats'],
  },
  {
    id: 'gems', weight: 6,
    nouns: ['Diamond', 'Ruby', 'Sapphire', 'Emerald', 'Crystal', 'Jewel', 'Opal', 'Gem', 'Topaz', 'Amethyst', 'Garnet', 'Onyx'],
    adjectives: ['Radiant', 'Sparkling', 'Brilliant', 'Royal', 'Glittering', 'Flawless', 'Shining', 'Precious', 'Dazzling', 'Prism'],
    leads: ['Vault of', 'Mine of', 'Crown of', 'Cavern of'],
    suffixes: ['Cascade', 'Mine', 'Cluster', 'Vault', 'Glow'],
  },
  {
    id: 'fantasy', weight: 6,
    nouns: ['Dragon', 'Wizard', 'Unicorn', 'Elf', 'Castle', 'Sorcerer', 'Griffin', 'Fairy', 'Spellbook', 'Knight', 'Enchantress', 'Goblin'],
    adjectives: ['Enchanted', 'Arcane', 'Mystic', 'Magic', 'Shadow', 'Crystal', 'Moonlit', 'Elder', 'Fabled', 'Starlit'],
    leads: ['Realm of', 'Quest for the', 'Tower of', 'Legend of the'],
    suffixes: ['Realm', 'Kingdom', 'Spells', 'Legends', 'Portal'],
  },
  {
    id: 'safari', weight: 4,
    nouns: ['Lion', 'Rhino', 'Buffalo', 'Elephant', 'Savanna', 'Cheetah', 'Gorilla', 'Zebra', 'Eagle', 'Wolf', 'Leopard', 'Giraffe'],
    adjectives: ['Wild', 'Roaring', 'Golden', 'Mighty', 'Untamed', 'Thundering', 'Majestic', 'Prowling', 'Sunset', 'Grand'],
    leads: ['King of the', 'Spirit of the', 'Call of the', 'Pride of the'],
    suffixes: ['Safari', 'Stampede', 'Roar', 'Migration', 'Kingdom'],
  },
  {
    id: 'horror', weight: 3,
    nouns: ['Vampire', 'Zombie', 'Ghost', 'Haunted Manor', 'Witch', 'Werewolf', 'Crypt', 'Skull', 'Pumpkin', 'Raven', 'Banshee'],
    adjectives: ['Spooky', 'Haunted', 'Creepy', 'Midnight', 'Dark', 'Sinister', 'Ghostly', 'Wicked', 'Eerie', 'Grim'],
    leads: ['Night of the', 'Curse of the', 'Return of the', 'House of the'],
    suffixes: ['Nightmare', 'Fright', 'Séance', 'Hollow', 'Eclipse'],
  },
  {
    id: 'pirates', weight: 3,
    nouns: ['Pirate', 'Buccaneer', 'Galleon', 'Treasure Map', 'Parrot', 'Cutlass', 'Doubloon', 'Captain', 'Cannon', 'Corsair', 'Lighthouse'],
    adjectives: ['Salty', 'Jolly', 'Stormy', 'Sunken', 'Plundering', 'Black', 'Golden', 'Fearless', 'Rogue', 'Cursed'],
    leads: ['Voyage of the', 'Loot of the', 'Tale of the', 'Isle of the'],
    suffixes: ['Plunder', 'Voyage', 'Cove', 'Mutiny', 'Bounty'],
  },
  {
    id: 'party', weight: 3,
    nouns: ['Disco', 'Jukebox', 'Rockstar', 'Karaoke', 'Festival', 'Groove', 'Bassline', 'Vinyl', 'Dance Floor', 'Mixtape', 'Saxophone'],
    adjectives: ['Funky', 'Groovy', 'Neon', 'Electric', 'Loud', 'Retro', 'Glitter', 'Midnight', 'Rocking', 'Velvet'],
    leads: ['Night at the', 'Rhythm of the', 'Encore at the'],
    suffixes: ['Party', 'Fever', 'Beat', 'Encore', 'Remix'],
  },
  {
    id: 'heist', weight: 3,
    nouns: ['Vault', 'Heist', 'Cash', 'Bank', 'Safe', 'Money', 'Dollar', 'Loot', 'Briefcase', 'Getaway', 'Armored Truck'],
    adjectives: ['Big', 'Slick', 'Midnight', 'Golden', 'Masked', 'Grand', 'Daring', 'Diamond', 'Undercover', 'Silent'],
    leads: ['Inside the', 'Raid on the', 'Crack the'],
    suffixes: ['Caper', 'Getaway', 'Job', 'Stash', 'Breakout'],
  },
];

/** Slot name endings every theme can use. */
export const SLOT_SUFFIXES = [
  'Riches', 'Fortune', 'Deluxe', 'Reels', 'Rush', 'Frenzy', 'Spins', 'Blitz', 'Gold', 'Quest', 'Treasures', 'Jackpot',
  'Hold & Win', 'Cascade', 'Link', 'Wilds', 'Mania', 'Dream', 'Legends', 'Bonanza', 'Xtreme', 'Power Reels', 'Multiplier',
];

/** Suffix of the "megaways" collection's games (spelt apart: the joined word is someone's trademark). */
export const MEGA_WAYS = 'Mega Ways';

export const ROULETTE = {
  adjectives: ['Amber', 'Velvet', 'Midnight', 'Grand', 'Royal', 'Crystal', 'Golden', 'Emerald', 'Silver', 'Neon', 'Classic', 'Imperial', 'Sapphire', 'Ivory', 'Crimson', 'Turbo', 'Parisian', 'High Roller', 'Mini', 'Speedy'],
  places: ['Monaco', 'Riviera', 'Salon', 'Lounge', 'Studio', 'Palace', 'Boulevard', 'Casino', 'Harbour', 'Terrace', 'Club', 'Ballroom', 'Penthouse', 'Vegas Strip', 'Marina', 'Opera', 'Grand Hotel', 'Orient Express', 'Cabaret', 'Conservatory'],
  suffixes: ['Pro', 'Express', 'Gold', 'VIP', 'Lounge'],
};
export const DICE = {
  adjectives: ['Neon', 'Cosmic', 'Turbo', 'Lucky', 'Crystal', 'Golden', 'Pixel', 'Velvet', 'Quantum', 'Arctic', 'Ember', 'Jade', 'Ruby', 'Cyber', 'Retro', 'Polar', 'Solar', 'Lunar', 'Royal', 'Midnight', 'Sapphire', 'Onyx', 'Thunder', 'Hyper', 'Ivory', 'Copper', 'Marble', 'Obsidian', 'Coral', 'Frost'],
  nouns: ['Dice', 'Roll', 'Dice Duel', 'Hi-Lo', 'Dice Deluxe', 'Cubes', 'Dice Tower', 'Rollers', 'Dice Rush', 'Double Dice', 'Dice Royale', 'Snake Eyes', 'Dice Arena'],
  suffixes: ['Pro', 'Max', 'Classic', 'Blitz'],
};
export const CRASH = {
  adjectives: ['Turbo', 'Neon', 'Cosmic', 'Lucky', 'Golden', 'Hyper', 'Quantum', 'Solar', 'Nova', 'Astro', 'Pixel', 'Retro', 'Sky', 'Thunder', 'Rapid', 'Blazing', 'Orbital', 'Supersonic', 'Crimson', 'Electric', 'Stellar', 'Zero-G', 'Polar', 'Jade', 'Nitro', 'Velvet', 'Arctic', 'Copper', 'Midnight', 'Sunrise'],
  nouns: ['Rocket', 'Crash', 'Jet', 'Comet', 'Balloon', 'Launch', 'Liftoff', 'Orbit', 'Meteor', 'Skyline', 'Zeppelin', 'Kite', 'Rocketeer', 'Glider'],
  suffixes: ['Rush', 'Run', 'Boost', 'Climb', 'Dash', 'Flight', 'Zone', 'X'],
};

/**
 * Names the data must show (accent-insensitive search is demonstrated with them), with a fixed
 * studio and engine so their identities are stable and easy to remember.
 */
export const FIXED_GAMES: { name: string; provider: string; engine: 'slot' | 'roulette' | 'dice' | 'crash'; theme: ThemeId | null }[] = [
  { name: 'Fortuna Mágica', provider: 'Sol Dorado Juegos', engine: 'slot', theme: 'fantasy' },
  { name: 'Café Olé Reels', provider: 'Café Lumière Games', engine: 'slot', theme: 'brazil' },
  { name: 'Crème Brûlée Bonanza', provider: 'Café Lumière Games', engine: 'slot', theme: 'candy' },
  { name: 'Señor Jackpot', provider: 'Sol Dorado Juegos', engine: 'slot', theme: 'west' },
  { name: 'Ålesund Aurora', provider: 'Sölvberg Studio', engine: 'slot', theme: 'nordic' },
  { name: 'Øresund Nights', provider: 'Mørkeskog Interactive', engine: 'slot', theme: 'nordic' },
  { name: 'Zürich Gold Vault', provider: 'Bärenhaus Spiele', engine: 'slot', theme: 'heist' },
  { name: 'São João Fiesta', provider: 'Estúdio Caju', engine: 'slot', theme: 'brazil' },
  { name: 'Piñata Party Deluxe', provider: 'Sol Dorado Juegos', engine: 'slot', theme: 'party' },
  { name: 'Noël Magique', provider: 'Café Lumière Games', engine: 'slot', theme: 'fantasy' },
  { name: 'Jalapeño Heat', provider: 'Sol Dorado Juegos', engine: 'slot', theme: 'fruit' },
  { name: 'Málaga Sun Reels', provider: 'Sol Dorado Juegos', engine: 'slot', theme: 'classic' },
  { name: 'Björnstad Bears', provider: 'Sölvberg Studio', engine: 'slot', theme: 'nordic' },
  { name: 'Über Blitz Sevens', provider: 'Bärenhaus Spiele', engine: 'slot', theme: 'alpine' },
  { name: 'Déjà Vu Roulette', provider: 'Café Lumière Games', engine: 'roulette', theme: null },
  { name: 'Dés Dorés', provider: 'Café Lumière Games', engine: 'dice', theme: null },
  { name: 'Açaí Rocket', provider: 'Estúdio Caju', engine: 'crash', theme: 'brazil' },
];

/** Real, famous titles a word combination could produce by chance; such a name is skipped. */
export const FAMOUS_TITLES = new Set([
  'sweet bonanza', 'gates of olympus', 'wolf gold', 'big bass bonanza', 'fire joker', 'starburst', 'book of ra', 'book of dead',
  'legacy of dead', 'rise of olympus', 'mega moolah', 'dead or alive', 'sugar rush', 'fruit party', 'the dog house', 'money train',
  'jammin jars', 'buffalo king', 'great rhino', 'wild west gold', 'fruit shop', 'aztec gems', 'gems bonanza', 'golden goose',
  'mustang gold', 'sizzling hot', 'sizzling hot deluxe', 'burning hot', 'flaming hot', 'shining crown', 'ultra hot', 'hot fruits',
  'age of the gods', 'divine fortune', 'hall of gods', 'temple tumble', 'fortune tiger', 'fortune ox', 'aztec gold', 'twin spin',
  'moon princess', 'crystal crush', 'dragon tiger', 'fruit blast', 'juicy fruits', 'lucky leprechaun', 'rainbow riches',
  'gonzos quest', 'vikings go wild', 'aloha cluster pays', 'jewel blast', 'diamond strike', 'candy crush', 'gold rush',
  'jade dragon', 'golden dragon', 'lucky lady', 'treasure island', 'pirates plenty', 'cash bandits', 'vault breaker',
]);
