/**
 * The three-letter codes an MRZ may carry as issuing state or nationality (ICAO 9303 part 3): ISO 3166-1 alpha-3,
 * Germany's `D`, and ICAO's own codes. Neither field has a check digit, so a code outside this list is a misread.
 */
const iso3166Alpha3 =
  'ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM ' +
  'BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR ' +
  'CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB ' +
  'GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA ' +
  'JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA ' +
  'MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR ' +
  'NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS ' +
  'SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON ' +
  'TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE';
/** ICAO 9303 part 3's codes beside ISO's (DOMAIN.md): specimen, stateless, refugees, UN, EU, British variants. */
const icaoCodes =
  'D UTO XXA XXB XXC XXX EUE UNO UNA UNK GBD GBN GBO GBS GBP RKS XBA XIM XCC XCE XCO XEC XPO XES XMP XOM XDC';

const known = new Set([...iso3166Alpha3.split(' '), ...icaoCodes.split(' ')]);

/** `D<<`, `FRA`: the field as in the MRZ (fillers allowed at the end). */
export function isKnownCountryField(raw: string): boolean {
  return known.has(raw.replace(/<+$/, ''));
}

/** States whose names are written in Spanish (or Filipino): their orthography writes Ñ. */
export const spanishWritingStates: readonly string[] = (
  'ESP AND GNQ MEX GTM HND SLV NIC CRI PAN CUB DOM COL VEN ECU PER BOL CHL ARG PRY URY PHL'
).split(' ');
