/**
 * First-level subdivisions a buyer picks from a list (`address-level1`), for the countries whose
 * postal addresses name one. Each is `code|English name` (plus `|local name` where the buyer's
 * language writes it otherwise), packed in one string per country: ~120 entries cost less as text
 * than as object literals in a frame bundle.
 */
export interface Subdivision {
  /** What the merchant receives as `address.state`: the postal abbreviation, or (Japan) the romanized name. */
  code: string;
  name: string;
  /** The name in the country's own language, shown when the buyer reads that language. */
  local?: string;
}

const unpack = (packed: string): readonly Subdivision[] =>
  packed.split(';').map((entry) => {
    const [code = '', name = '', local] = entry.split('|');
    return local ? { code, name, local } : { code, name };
  });

// USPS abbreviations: the 50 states, DC, the inhabited territories and the armed forces codes.
const US =
  'AL|Alabama;AK|Alaska;AS|American Samoa;AZ|Arizona;AR|Arkansas;AA|Armed Forces (AA);AE|Armed Forces (AE);AP|Armed Forces (AP);' +
  'CA|California;CO|Colorado;CT|Connecticut;DE|Delaware;DC|District of Columbia;FL|Florida;GA|Georgia;GU|Guam;HI|Hawaii;ID|Idaho;' +
  'IL|Illinois;IN|Indiana;IA|Iowa;KS|Kansas;KY|Kentucky;LA|Louisiana;ME|Maine;MD|Maryland;MA|Massachusetts;MI|Michigan;' +
  'MN|Minnesota;MS|Mississippi;MO|Missouri;MT|Montana;NE|Nebraska;NV|Nevada;NH|New Hampshire;NJ|New Jersey;NM|New Mexico;' +
  'NY|New York;NC|North Carolina;ND|North Dakota;MP|Northern Mariana Islands;OH|Ohio;OK|Oklahoma;OR|Oregon;PA|Pennsylvania;' +
  'PR|Puerto Rico;RI|Rhode Island;SC|South Carolina;SD|South Dakota;TN|Tennessee;TX|Texas;UT|Utah;VT|Vermont;' +
  'VI|U.S. Virgin Islands;VA|Virginia;WA|Washington;WV|West Virginia;WI|Wisconsin;WY|Wyoming';

// Canada Post abbreviations, with the French names a French-reading buyer sees.
const CA =
  'AB|Alberta;BC|British Columbia|Colombie-Britannique;MB|Manitoba;NB|New Brunswick|Nouveau-Brunswick;' +
  'NL|Newfoundland and Labrador|Terre-Neuve-et-Labrador;NT|Northwest Territories|Territoires du Nord-Ouest;' +
  'NS|Nova Scotia|Nouvelle-Écosse;NU|Nunavut;ON|Ontario;PE|Prince Edward Island|Île-du-Prince-Édouard;QC|Quebec|Québec;' +
  'SK|Saskatchewan;YT|Yukon';

const AU =
  'ACT|Australian Capital Territory;NSW|New South Wales;NT|Northern Territory;QLD|Queensland;SA|South Australia;' +
  'TAS|Tasmania;VIC|Victoria;WA|Western Australia';

// JIS X 0401 order, north to south, as Japanese forms list them.
const JP =
  'Hokkaido|Hokkaido|北海道;Aomori|Aomori|青森県;Iwate|Iwate|岩手県;Miyagi|Miyagi|宮城県;Akita|Akita|秋田県;' +
  'Yamagata|Yamagata|山形県;Fukushima|Fukushima|福島県;Ibaraki|Ibaraki|茨城県;Tochigi|Tochigi|栃木県;Gunma|Gunma|群馬県;' +
  'Saitama|Saitama|埼玉県;Chiba|Chiba|千葉県;Tokyo|Tokyo|東京都;Kanagawa|Kanagawa|神奈川県;Niigata|Niigata|新潟県;' +
  'Toyama|Toyama|富山県;Ishikawa|Ishikawa|石川県;Fukui|Fukui|福井県;Yamanashi|Yamanashi|山梨県;Nagano|Nagano|長野県;' +
  'Gifu|Gifu|岐阜県;Shizuoka|Shizuoka|静岡県;Aichi|Aichi|愛知県;Mie|Mie|三重県;Shiga|Shiga|滋賀県;Kyoto|Kyoto|京都府;' +
  'Osaka|Osaka|大阪府;Hyogo|Hyogo|兵庫県;Nara|Nara|奈良県;Wakayama|Wakayama|和歌山県;Tottori|Tottori|鳥取県;' +
  'Shimane|Shimane|島根県;Okayama|Okayama|岡山県;Hiroshima|Hiroshima|広島県;Yamaguchi|Yamaguchi|山口県;' +
  'Tokushima|Tokushima|徳島県;Kagawa|Kagawa|香川県;Ehime|Ehime|愛媛県;Kochi|Kochi|高知県;Fukuoka|Fukuoka|福岡県;' +
  'Saga|Saga|佐賀県;Nagasaki|Nagasaki|長崎県;Kumamoto|Kumamoto|熊本県;Oita|Oita|大分県;Miyazaki|Miyazaki|宮崎県;' +
  'Kagoshima|Kagoshima|鹿児島県;Okinawa|Okinawa|沖縄県';

export const subdivisions = {
  US: unpack(US),
  CA: unpack(CA),
  AU: unpack(AU),
  JP: unpack(JP),
} as const;

/** The name to show: the local one when the buyer reads the language it is written in. */
export function subdivisionName(s: Subdivision, localLanguage: string | undefined, locale: string | undefined): string {
  const lang = (locale ?? 'en').toLowerCase().split(/[-_]/)[0];
  return s.local && lang === localLanguage ? s.local : s.name;
}

/** The subdivision a text names, by code or by either name (what autofill and prefill may hold). */
export function findSubdivision(list: readonly Subdivision[], text: string): Subdivision | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  return list.find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted || s.local?.toLowerCase() === wanted);
}
