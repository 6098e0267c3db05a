// What the search knows about how shoppers write, beyond the catalogue's own words: words that
// carry no meaning for a product search, synonyms, and model names written in Cyrillic.

/**
 * Prepositions, conjunctions, filler and request words: never searched and never «corrected»
 * (the trigram search used to turn «на» into the Nike alias «найт»). Size and article markers
 * («размер 42», «артикул FQ5357-541») are here too: the number or code next to them is read on its own.
 */
export const STOP_WORDS = new Set(
  (
    'а без в во вы да для до же за и из или их к как ко ли мне на над не ни но о об обо от по под при про с со та те то ту у уже чем что чтобы я ' +
    'мой моя мои мое это этот эта эти весь все всё очень самый самые хочу хочется нужен нужна нужно нужны ищу найти найди подбери покажи ' +
    'купить куплю заказать цена цене цены стоимость недорого дешево дешевые дорогие оригинал оригинальные оригинальный модель модели ' +
    'размер размера размеры размеров размере р рр разм арт артикул артикулы код ' +
    'a an and for in of on or the to with size eu ru'
  ).split(' '),
);

/**
 * Query word → catalogue words it means (each searched as a prefix). Keys are matched on the
 * word itself or, for Russian forms, on a shared stem (see `synonymsOf`).
 */
const SYNONYM_GROUPS: [string[], string[]][] = [
  [['толстовка', 'толстовки', 'толстовку', 'толстовок', 'свитшот', 'свитшоты', 'кофта', 'кофты', 'кофту', 'hoodie', 'hoody', 'sweatshirt'], ['худи']],
  [['кроссы', 'кросы', 'кроссов', 'сникеры', 'сникерсы', 'сникерсы', 'sneakers', 'sneaker', 'кросс'], ['кроссовки']],
  [['кедики', 'кедах', 'кедов', 'слипоны', 'слипон'], ['кеды']],
  [['пуховик', 'пуховики', 'пуховика', 'парка', 'парку', 'парки', 'ветровка', 'ветровку', 'ветровки', 'бомбер', 'анорак', 'jacket', 'parka'], ['куртка']],
  [['лонгслив', 'лонгсливы', 'майка', 'майку', 'майки', 'tee', 'tshirt', 't-shirt'], ['футболка']],
  [['сапоги', 'сапог', 'челси', 'берцы', 'boots', 'boot'], ['ботинки']],
  [['бег', 'бега', 'бегу', 'беговые', 'беговых', 'беговой', 'беговую', 'бегать', 'бегом', 'пробежка', 'пробежки', 'пробежек', 'марафон', 'running', 'runner', 'run', 'раннинг', 'jogging'], ['бег']],
  [['фитнес', 'фитнеса', 'фитнесом', 'зал', 'зала', 'спортзал', 'спортзала', 'тренировка', 'тренировки', 'тренировок', 'тренировочные', 'gym', 'training', 'fitness', 'спорт', 'спорта', 'спортивные'], ['фитнес']],
  [['зима', 'зиму', 'зимы', 'зимой', 'зимние', 'зимний', 'зимняя', 'зимнюю', 'зимних', 'теплые', 'теплый', 'утепленные', 'winter'], ['зима']],
  [['лето', 'летние', 'летний', 'летняя', 'летнюю', 'летом', 'summer'], ['лето']],
  [['высокие', 'высокий', 'высокая', 'высоких', 'высокую', 'high'], ['hi', 'high']],
  [['низкие', 'низкий', 'низкая', 'низких', 'низкую'], ['low']],
  [['осень', 'осенние', 'осенний', 'осени', 'демисезонные', 'демисезонный', 'межсезонье'], ['осень']],
  [['баскетбол', 'баскетбола', 'баскетбольные', 'баскетбольных', 'basketball'], ['баскетбол']],
  [['поход', 'походы', 'походов', 'треккинг', 'трекинговые', 'хайкинг', 'hiking', 'трейл', 'трейловые', 'trail'], ['походы', 'трейл']],
  [['мужские', 'мужской', 'мужская', 'мужчин', 'мужчине', 'мужа', 'парня', 'men'], ['мужской', 'унисекс']],
  [['женские', 'женский', 'женская', 'женщин', 'женщине', 'девушки', 'девушке', 'жены', 'women'], ['женский', 'унисекс']],
  [['черные', 'черный', 'черная', 'черное', 'черных', 'black'], ['черный']],
  [['белые', 'белый', 'белая', 'белое', 'белых', 'white'], ['белый']],
];

/** Model and series names as shoppers spell them in Cyrillic, where transliteration misses. */
const CYRILLIC_MODELS: Record<string, string> = {
  эйр: 'air',
  эир: 'air',
  аир: 'air',
  ейр: 'air',
  макс: 'max',
  форс: 'force',
  лоу: 'low',
  мид: 'mid',
  хай: 'hi',
  скул: 'skool',
  скулы: 'skool',
  скулл: 'skool',
  данк: 'dunk',
  данки: 'dunk',
  самба: 'samba',
  самбы: 'samba',
  газель: 'gazelle',
  газели: 'gazelle',
  газелька: 'gazelle',
  чак: 'chuck',
  чаки: 'chuck',
  тейлор: 'taylor',
  флис: 'fleece',
  тек: 'tech',
  тех: 'tech',
  нупси: 'nuptse',
  нуптсе: 'nuptse',
  нуптси: 'nuptse',
  спешиал: 'spezial',
  спезиал: 'spezial',
  шпециаль: 'spezial',
  ретро: 'retro',
  спидкросс: 'speedcross',
  спидкрос: 'speedcross',
  каяно: 'kayano',
  кайано: 'kayano',
  гель: 'gel',
  вомеро: 'vomero',
  пегасус: 'pegasus',
  пегас: 'pegasus',
  кампус: 'campus',
  форум: 'forum',
  суперстар: 'superstar',
  суперстары: 'superstar',
  стэн: 'stan',
  стен: 'stan',
  смит: 'smith',
  смиты: 'smith',
  блейзер: 'blazer',
  блейзеры: 'blazer',
  ультрабуст: 'ultraboost',
  палермо: 'palermo',
  спидкэт: 'speedcat',
  спидкет: 'speedcat',
  замша: 'suede',
  свэйд: 'suede',
  нимбус: 'nimbus',
  олд: 'old',
  слипон: 'slip',
  слипоны: 'slip',
  виндраннер: 'windrunner',
  денали: 'denali',
  джордан: 'jordan',
  джорданы: 'jordan',
  челси: 'chelsea',
};

const synonymIndex = new Map<string, string[]>();
for (const [keys, targets] of SYNONYM_GROUPS) for (const k of keys) synonymIndex.set(k, targets);

/** The catalogue words a query word means, or undefined. */
export function synonymsOf(word: string): string[] | undefined {
  return synonymIndex.get(word);
}

export function cyrillicModel(word: string): string | undefined {
  return CYRILLIC_MODELS[word];
}

const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** A Cyrillic word in Latin letters («самба» → samba, «макс» → maks and max), for Latin model names. */
export function transliterate(word: string): string[] {
  if (!/^[а-я]+$/.test(word)) return [];
  const plain = [...word].map((ch) => TRANSLIT[ch] ?? ch).join('');
  const out = new Set([plain, plain.replace(/ks/g, 'x'), plain.replace(/^k/, 'c'), plain.replace(/y$/, 'i')]);
  return [...out];
}

const HOMO_TO_LATIN: Record<string, string> = { а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x' };
const HOMO_TO_CYRILLIC: Record<string, string> = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' };

/** A word mixing look-alike Latin and Cyrillic letters («nikе» with a Cyrillic е) in one script, or null. */
export function unmix(word: string): { latin: string | null; cyrillic: string | null } {
  if (!/[a-z]/.test(word) || !/[а-я]/.test(word)) return { latin: null, cyrillic: null };
  const latin = [...word].map((ch) => HOMO_TO_LATIN[ch] ?? ch).join('');
  const cyrillic = [...word].map((ch) => HOMO_TO_CYRILLIC[ch] ?? ch).join('');
  return { latin: /[а-я]/.test(latin) ? null : latin, cyrillic: /[a-z]/.test(cyrillic) ? null : cyrillic };
}
