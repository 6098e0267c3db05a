// The vocabulary of the generated catalogue: real brands of the niche and their well-known lines.

export type Kind = 'shoe' | 'boot' | 'top' | 'tee' | 'jacket';

export interface CategoryDef {
  key: string;
  parent?: string;
  name: string;
  slug: string;
  /** Singular noun used in product names («Кроссовки Nike …», «Худи …»). */
  noun: string;
  kind?: Kind;
  text: string;
}

export const categoryDefs: CategoryDef[] = [
  { key: 'obuv', name: 'Обувь', slug: 'obuv', noun: 'Обувь', text: 'Оригинальная обувь известных брендов' },
  { key: 'krossovki', parent: 'obuv', name: 'Кроссовки', slug: 'krossovki', noun: 'Кроссовки', kind: 'shoe', text: 'Беговые, баскетбольные и лайфстайл-модели' },
  { key: 'kedy', parent: 'obuv', name: 'Кеды', slug: 'kedy', noun: 'Кеды', kind: 'shoe', text: 'Классика на каждый день' },
  { key: 'botinki', parent: 'obuv', name: 'Ботинки', slug: 'botinki', noun: 'Ботинки', kind: 'boot', text: 'Тёплые и непромокаемые модели на осень и зиму' },
  { key: 'odezhda', name: 'Одежда', slug: 'odezhda', noun: 'Одежда', text: 'Уличная и спортивная одежда' },
  { key: 'hudi', parent: 'odezhda', name: 'Худи', slug: 'hudi', noun: 'Худи', kind: 'top', text: 'Толстовки с капюшоном и без' },
  { key: 'futbolki', parent: 'odezhda', name: 'Футболки', slug: 'futbolki', noun: 'Футболка', kind: 'tee', text: 'Хлопковые футболки и лонгсливы' },
  { key: 'kurtki', parent: 'odezhda', name: 'Куртки', slug: 'kurtki', noun: 'Куртка', kind: 'jacket', text: 'Пуховики, ветровки и парки' },
];

export interface BrandDef {
  key: string;
  name: string;
  aliases: string[];
  code: string;
  tier: number;
  onMainPage: boolean;
  country: string;
  lines: Record<string, string[]>;
}

export const brandDefs: BrandDef[] = [
  { key: 'nike', name: 'Nike', aliases: ['найк', 'найки'], code: 'DV', tier: 1.1, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['Air Max 90', 'Air Force 1 07', 'Dunk Low', 'Air Max 97', 'Pegasus 41', 'Vomero 5', 'P-6000'], kedy: ['Blazer Mid 77', 'Court Legacy'], hudi: ['Club Fleece', 'Tech Fleece'], futbolki: ['Sportswear Club'], kurtki: ['Windrunner'] } },
  { key: 'adidas', name: 'Adidas', aliases: ['адидас', 'адик'], code: 'IG', tier: 1.0, onMainPage: true, country: 'Индонезия',
    lines: { krossovki: ['Samba OG', 'Gazelle', 'Campus 00s', 'Ultraboost 1.0', 'Forum Low', 'Spezial'], kedy: ['Superstar', 'Stan Smith'], hudi: ['Adicolor Trefoil'], futbolki: ['Trefoil Essentials'], kurtki: ['Firebird'] } },
  { key: 'new-balance', name: 'New Balance', aliases: ['нью беланс', 'нью баланс', 'нб', 'nb'], code: 'U', tier: 1.15, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['550', '574', '2002R', '9060', '530', '1906R', '990v6'], hudi: ['Athletics'], futbolki: ['Essentials Logo'] } },
  { key: 'puma', name: 'Puma', aliases: ['пума'], code: 'PM', tier: 0.8, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['Suede Classic', 'Palermo', 'RS-X', 'Speedcat OG'], kedy: ['Smash v2'], futbolki: ['Essentials Logo'] } },
  { key: 'asics', name: 'Asics', aliases: ['асикс', 'асикс гель'], code: 'AS', tier: 1.05, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['Gel-Kayano 14', 'Gel-1130', 'Gel-NYC', 'GT-2160', 'Gel-Nimbus 26'] } },
  { key: 'reebok', name: 'Reebok', aliases: ['рибок', 'рибок'], code: 'RB', tier: 0.75, onMainPage: false, country: 'Китай',
    lines: { krossovki: ['Classic Leather', 'Club C 85', 'Club C Revenge'], hudi: ['Identity Fleece'] } },
  { key: 'converse', name: 'Converse', aliases: ['конверс', 'конверсы'], code: 'CV', tier: 0.65, onMainPage: true, country: 'Вьетнам',
    lines: { kedy: ['Chuck Taylor All Star', 'Chuck 70', 'Run Star Hike', 'One Star'] } },
  { key: 'vans', name: 'Vans', aliases: ['ванс'], code: 'VN', tier: 0.65, onMainPage: true, country: 'Китай',
    lines: { kedy: ['Old Skool', 'Sk8-Hi', 'Authentic', 'Knu Skool', 'Slip-On'], futbolki: ['Classic'] } },
  { key: 'jordan', name: 'Jordan', aliases: ['джордан', 'джорданы', 'иордан'], code: 'FQ', tier: 1.5, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['Air Jordan 1 Low', 'Air Jordan 1 Mid', 'Air Jordan 4 Retro', 'Air Jordan 3 Retro'], hudi: ['Essentials Fleece'] } },
  { key: 'salomon', name: 'Salomon', aliases: ['саломон', 'соломон'], code: 'L4', tier: 1.35, onMainPage: true, country: 'Вьетнам',
    lines: { krossovki: ['XT-6', 'ACS Pro', 'Speedcross 6', 'XT-Whisper'], botinki: ['Quest 4 GTX', 'X Ultra 4 Mid GTX'] } },
  { key: 'the-north-face', name: 'The North Face', aliases: ['норт фейс', 'зе норт фейс', 'тнф', 'tnf'], code: 'NF', tier: 1.3, onMainPage: true, country: 'Китай',
    lines: { kurtki: ['1996 Retro Nuptse', 'Himalayan Parka', 'Denali'], hudi: ['Box NSE'], futbolki: ['Simple Dome'], botinki: ['Chilkat V'] } },
  { key: 'stone-island', name: 'Stone Island', aliases: ['стон айленд', 'стоник', 'стоун айленд'], code: 'SI', tier: 2.1, onMainPage: true, country: 'Италия',
    lines: { hudi: ['Garment Dyed Hoodie', 'Crewneck Sweatshirt'], futbolki: ['Logo Patch Tee'], kurtki: ['Soft Shell-R', 'Garment Dyed Crinkle Reps'] } },
  { key: 'carhartt-wip', name: 'Carhartt WIP', aliases: ['кархарт', 'кархартт'], code: 'CA', tier: 1.0, onMainPage: true, country: 'Турция',
    lines: { hudi: ['Chase Hoodie', 'American Script'], futbolki: ['Pocket Tee', 'Script Tee'], kurtki: ['Detroit Jacket', 'Active Jacket'] } },
  { key: 'li-ning', name: 'Li-Ning', aliases: ['ли нинг', 'лининг'], code: 'LN', tier: 0.9, onMainPage: false, country: 'Китай',
    lines: { krossovki: ['Way of Wade 10', 'Soft Go', 'Essence 2.3'], futbolki: ['China Logo Tee'] } },
  { key: 'anta', name: 'Anta', aliases: ['анта'], code: 'AN', tier: 0.7, onMainPage: false, country: 'Китай',
    lines: { krossovki: ['KT 9', 'C202 GT', 'Shock Wave 5'] } },
  { key: 'timberland', name: 'Timberland', aliases: ['тимберленд', 'тимбы'], code: 'TB', tier: 1.25, onMainPage: false, country: 'Доминикана',
    lines: { botinki: ['6-Inch Premium', 'Euro Hiker', 'Field Boot'] } },
  { key: 'dr-martens', name: 'Dr. Martens', aliases: ['доктор мартинс', 'мартинсы', 'мартенс'], code: 'DM', tier: 1.2, onMainPage: false, country: 'Вьетнам',
    lines: { botinki: ['1460 Smooth', 'Jadon', '2976 Chelsea'] } },
];

export interface ColorDef {
  name: string;
  cls: string;
  hex: string;
}

export const colorDefs: ColorDef[] = [
  { name: 'белый', cls: 'white', hex: '#f4f4f2' },
  { name: 'черный', cls: 'black', hex: '#1c1c1e' },
  { name: 'серый', cls: 'grey', hex: '#9a9ca1' },
  { name: 'бежевый', cls: 'beige', hex: '#d9c7a7' },
  { name: 'синий', cls: 'blue', hex: '#2b4c9b' },
  { name: 'красный', cls: 'red', hex: '#c3272b' },
  { name: 'зеленый', cls: 'green', hex: '#3d7a4a' },
  { name: 'коричневый', cls: 'brown', hex: '#6b4a2f' },
  { name: 'розовый', cls: 'pink', hex: '#e6a3b8' },
  { name: 'оливковый', cls: 'olive', hex: '#6f7441' },
  { name: 'голубой', cls: 'light-blue', hex: '#8fb8de' },
  { name: 'оранжевый', cls: 'orange', hex: '#e5782d' },
];

export const shoeSizes = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
export const clothingSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export const basePrice: Record<Kind, number> = { shoe: 12990, boot: 18990, top: 9990, tee: 4990, jacket: 24990 };

export const editions = ['', 'SE', 'Premium', 'Retro', 'GTX', 'LX', 'Next Nature', 'Vintage', 'OG', 'SP', 'Utility', 'Winter', 'Craft', 'Essential', 'Pro', 'Lite'];

export const materials: Record<Kind, string[]> = {
  shoe: ['натуральная кожа', 'замша и текстиль', 'текстильная сетка', 'нубук', 'синтетическая кожа'],
  boot: ['натуральная кожа', 'нубук', 'водоотталкивающий текстиль с мембраной GORE-TEX'],
  top: ['100% хлопок', 'хлопок 80%, полиэстер 20%', 'хлопковый футер с начёсом'],
  tee: ['100% хлопок', 'органический хлопок', 'хлопок 95%, эластан 5%'],
  jacket: ['нейлон, утеплитель из гусиного пуха', 'полиэстер с мембраной', 'хлопковый канвас', 'софтшелл'],
};

export const occasions: Record<Kind, string[]> = {
  shoe: ['для города', 'для бега', 'на каждый день', 'для прогулок', 'для зала'],
  boot: ['для осени и зимы', 'для города и походов', 'в дождливую погоду'],
  top: ['для прохладных вечеров', 'на каждый день', 'для тренировок'],
  tee: ['на лето', 'на каждый день', 'под рубашку или куртку'],
  jacket: ['для зимы', 'для межсезонья', 'для города и путешествий'],
};

/**
 * What a line is for, in a shopper's words: the model's «Назначение» attribute, shown on the
 * product page and searched («кроссовки для бега», «ботинки на зиму», «для фитнеса»). Lines not
 * listed are everyday models; their description never claims a purpose they lack.
 */
export const linePurposes: Record<string, string> = {
  'Pegasus 41': 'бег, фитнес',
  'Vomero 5': 'бег',
  'Ultraboost 1.0': 'бег, фитнес',
  'Gel-Kayano 14': 'бег',
  'Gel-Nimbus 26': 'бег',
  'GT-2160': 'бег, фитнес',
  '990v6': 'бег',
  'C202 GT': 'бег',
  'Essence 2.3': 'бег',
  'Soft Go': 'бег, фитнес',
  'XT-Whisper': 'бег, трейл',
  'Speedcross 6': 'бег, трейл',
  'XT-6': 'трейл, походы',
  'ACS Pro': 'трейл, город',
  'Way of Wade 10': 'баскетбол',
  'KT 9': 'баскетбол',
  'Shock Wave 5': 'баскетбол',
  'Air Jordan 1 Low': 'баскетбол, город',
  'Air Jordan 1 Mid': 'баскетбол, город',
  'Air Jordan 4 Retro': 'баскетбол, город',
  'Air Jordan 3 Retro': 'баскетбол, город',
  'Quest 4 GTX': 'походы, осень, зима',
  'X Ultra 4 Mid GTX': 'походы, осень, зима',
  'Chilkat V': 'зима',
  '6-Inch Premium': 'осень, зима',
  'Euro Hiker': 'походы, осень, зима',
  'Field Boot': 'осень, зима',
  '1460 Smooth': 'осень, зима, город',
  Jadon: 'осень, зима, город',
  '2976 Chelsea': 'осень, зима, город',
  '1996 Retro Nuptse': 'зима',
  'Himalayan Parka': 'зима',
  Denali: 'осень, зима',
  Windrunner: 'межсезонье, бег',
  'Club Fleece': 'фитнес, на каждый день',
  'Tech Fleece': 'фитнес, на каждый день',
  'Sportswear Club': 'фитнес, на каждый день',
  'Trefoil Essentials': 'фитнес, на каждый день',
  Athletics: 'фитнес',
  'Identity Fleece': 'фитнес',
  'Essentials Fleece': 'фитнес',
};

/** The occasion a purpose gives a model's description («Подходит для бега»). */
export const purposeOccasion: Record<string, string> = { бег: 'для бега', фитнес: 'для зала', баскетбол: 'для баскетбола', трейл: 'для трейла', походы: 'для походов', зима: 'для зимы' };

/** Occasions that name a purpose: a line without that purpose gets an everyday occasion instead. */
export const purposeOnlyOccasions = new Set(['для бега', 'для зала', 'для тренировок']);

/** Real articles for a line's first colour, so the shop's own examples (the search help) find them on any catalogue size. */
export const knownArticles: Record<string, string> = { 'Nike Dunk Low': 'DD1391-100' };

/** A size chart as the catalogue file gives it. */
export interface SizeChartDef {
  category: string;
  brand?: string;
  title: string;
  columns: string[];
  rows: { size: string; values: string[] }[];
  note?: string;
}

const one = (n: number) => n.toFixed(1).replace('.', ',').replace(/,0$/, '');

/**
 * Shoe charts: RU → EU is one size up, a Paris point is ⅔ cm, and each brand's lasts give its own
 * US size and foot length (Nike's and Jordan's run half a size smaller than Adidas's).
 */
function shoeChart(title: string, usOffset: number, cmOffset: number, brand?: string): SizeChartDef {
  return {
    category: 'obuv',
    ...(brand ? { brand } : {}),
    title,
    columns: ['RU', 'EU', 'US', 'Длина стопы, см'],
    rows: shoeSizes.map((ru) => {
      const eu = Number(ru) + 1;
      return { size: ru, values: [ru, String(eu), one(eu - usOffset), one((eu * 2) / 3 - cmOffset)] };
    }),
    note: 'Измерьте стопу вечером, стоя, от пятки до кончика большого пальца; между размерами берите больший.',
  };
}

export const sizeChartDefs: SizeChartDef[] = [
  shoeChart('Размеры обуви', 33, 1.5),
  shoeChart('Размеры обуви Nike', 33.5, 1.3, 'nike'),
  shoeChart('Размеры обуви Jordan', 33.5, 1.3, 'jordan'),
  shoeChart('Размеры обуви Adidas', 33, 1.8, 'adidas'),
  shoeChart('Размеры обуви New Balance', 33, 1.5, 'new-balance'),
  {
    category: 'odezhda',
    title: 'Размеры одежды',
    columns: ['RU', 'EU', 'US', 'Обхват груди, см', 'Рост, см'],
    rows: clothingSizes.map((size, i) => ({
      size,
      values: [String(44 + i * 2), String(34 + i * 2), size, `${86 + i * 4}–${90 + i * 4}`, i < 2 ? '164–170' : i < 4 ? '170–182' : '182–194'],
    })),
    note: 'Обхват груди измеряйте по самым выступающим точкам, лента горизонтально.',
  },
];
