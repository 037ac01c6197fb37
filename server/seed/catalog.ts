/*
 * Vehicle catalogue behind the demo data: makes, models, badges and series as sold in Australia,
 * with plausible new prices (AUD drive-away, rounded), bodies, fuels and drivetrains.
 * Figures are representative, not a price list.
 */

/** One model line of the catalogue. */
export interface CatalogModel {
  model: string;
  body: 'SUV' | 'Sedan' | 'Hatch' | 'Ute' | 'Wagon' | 'Van' | 'Coupe' | 'Convertible' | 'People Mover' | 'Cab Chassis' | MotorcycleBody;
  /** Series / generation code as Australian listings show it. */
  series: string;
  badges: string[];
  /** Base new price of the lowest badge, dollars. */
  basePrice: number;
  /** Price step per badge up the range, dollars. */
  badgeStep: number;
  fuels: ('Petrol' | 'Diesel' | 'Electric' | 'Hybrid' | 'PHEV')[];
  drives: ('FWD' | 'RWD' | 'AWD' | '4WD')[];
  manual?: boolean;
  seats: number;
  doors: number;
  engineLitres: number | null;
  cylinders: number | null;
  /** Release year of the current series. */
  since: number;
  /** Last model year sold in Australia (discontinued lines are used-only). */
  until?: number;
  /** Motorcycles: how power reaches the rear wheel. */
  finalDrive?: 'Chain' | 'Belt' | 'Shaft';
  /** Motorcycles: learner approved (LAMS) in every badge. */
  lams?: boolean;
  /** Trucks: gross vehicle mass, kg. */
  gvm?: number;
  /** Trucks: licence class needed (LR, MR, HR). */
  licence?: 'LR' | 'MR' | 'HR';
}

/** Motorcycle body styles as Australian listings name them. */
export type MotorcycleBody = 'Naked' | 'Cruiser' | 'Touring' | 'Adventure' | 'Sport';

/** One make with its models. */
export interface CatalogMake {
  make: string;
  country: string;
  /** Relative share of Australian used stock, for weighting. */
  weight: number;
  models: CatalogModel[];
}

const m = (
  model: string,
  body: CatalogModel['body'],
  series: string,
  badges: string[],
  basePrice: number,
  badgeStep: number,
  fuels: CatalogModel['fuels'],
  drives: CatalogModel['drives'],
  extra: Partial<CatalogModel> = {},
): CatalogModel => ({
  model,
  body,
  series,
  badges,
  basePrice,
  badgeStep,
  fuels,
  drives,
  seats: body === 'People Mover' ? 8 : body === 'Coupe' || body === 'Convertible' ? 4 : 5,
  doors: body === 'Coupe' || body === 'Convertible' ? 2 : body === 'Ute' || body === 'Cab Chassis' ? 4 : body === 'Hatch' ? 5 : 4,
  engineLitres: fuels[0] === 'Electric' ? null : 2.0,
  cylinders: fuels[0] === 'Electric' ? null : 4,
  since: 2019,
  ...extra,
});

/** Passenger cars, SUVs and utes. */
export const CAR_MAKES: CatalogMake[] = [
  { make: 'Toyota', country: 'Japan', weight: 20, models: [
    m('HiLux', 'Ute', 'GUN126R', ['Workmate', 'SR', 'SR5', 'Rogue', 'Rugged X', 'GR Sport'], 36990, 6500, ['Diesel'], ['4WD'], { engineLitres: 2.8, since: 2015, manual: true }),
    m('RAV4', 'SUV', 'AXAH54R', ['GX', 'GXL', 'XSE', 'Cruiser', 'Edge'], 39990, 4500, ['Hybrid', 'Petrol'], ['AWD', 'FWD'], { engineLitres: 2.5 }),
    m('LandCruiser', 'SUV', 'FJA300R', ['GX', 'GXL', 'VX', 'Sahara', 'GR Sport'], 98990, 12000, ['Diesel'], ['4WD'], { engineLitres: 3.3, cylinders: 6, seats: 7, since: 2021 }),
    m('Corolla', 'Hatch', 'ZWE219R', ['Ascent Sport', 'SX', 'ZR'], 30990, 4000, ['Hybrid', 'Petrol'], ['FWD'], { engineLitres: 1.8 }),
    m('Camry', 'Sedan', 'AXVH71R', ['Ascent', 'SX', 'SL'], 38990, 5500, ['Hybrid'], ['FWD'], { engineLitres: 2.5 }),
    m('Kluger', 'SUV', 'AXUH78R', ['GX', 'GXL', 'Grande'], 52990, 9000, ['Hybrid', 'Petrol'], ['AWD'], { engineLitres: 2.5, seats: 7, since: 2021 }),
    m('Prado', 'SUV', 'GDJ250R', ['GX', 'GXL', 'VX', 'Kakadu'], 76990, 9000, ['Diesel'], ['4WD'], { engineLitres: 2.8, seats: 7, since: 2024 }),
    m('bZ4X', 'SUV', 'XEAM10R', ['FWD', 'AWD'], 66000, 8000, ['Electric'], ['FWD', 'AWD'], { since: 2022 }),
    m('Yaris Cross', 'SUV', 'MXPJ10R', ['GX', 'GXL', 'Urban'], 30990, 3000, ['Hybrid', 'Petrol'], ['FWD', 'AWD'], { engineLitres: 1.5, cylinders: 3, since: 2020 }),
  ] },
  { make: 'Ford', country: 'USA', weight: 12, models: [
    m('Ranger', 'Ute', 'PY', ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Raptor'], 39990, 7000, ['Diesel', 'PHEV'], ['4WD', 'RWD'], { engineLitres: 2.0, since: 2022, manual: true }),
    m('Everest', 'SUV', 'UB', ['Ambiente', 'Trend', 'Sport', 'Platinum'], 56990, 8000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 3.0, cylinders: 6, seats: 7, since: 2022 }),
    m('Mustang', 'Coupe', 'S650', ['GT', 'Dark Horse'], 74990, 20000, ['Petrol'], ['RWD'], { engineLitres: 5.0, cylinders: 8, since: 2024, manual: true }),
    m('Mustang Mach-E', 'SUV', 'MY24', ['Select', 'Premium', 'GT'], 72990, 12000, ['Electric'], ['RWD', 'AWD'], { since: 2023 }),
    m('Puma', 'SUV', 'JK', ['Puma', 'ST-Line', 'ST-Line V'], 34990, 3500, ['Petrol'], ['FWD'], { engineLitres: 1.0, cylinders: 3, since: 2020 }),
    m('Transit Custom', 'Van', 'VN', ['Trend', 'Sport'], 58990, 6000, ['Diesel'], ['FWD'], { seats: 3, doors: 4, since: 2024 }),
  ] },
  { make: 'Mazda', country: 'Japan', weight: 10, models: [
    m('CX-5', 'SUV', 'KF Series 2', ['Maxx', 'Maxx Sport', 'Touring', 'GT SP', 'Akera'], 36490, 4500, ['Petrol'], ['FWD', 'AWD'], { engineLitres: 2.5, since: 2017 }),
    m('CX-3', 'SUV', 'DK', ['Neo Sport', 'Maxx Sport', 'Akari'], 28990, 3500, ['Petrol'], ['FWD', 'AWD'], { since: 2015 }),
    m('Mazda3', 'Hatch', 'BP', ['G20 Pure', 'G20 Evolve', 'G25 GT', 'G25 Astina'], 32990, 4000, ['Petrol'], ['FWD'], { since: 2019, manual: true }),
    m('BT-50', 'Ute', 'TF', ['XS', 'XT', 'GT', 'Thunder'], 38990, 6000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 3.0, since: 2020, manual: true }),
    m('CX-60', 'SUV', 'KH', ['G40e Evolve', 'P50e GT', 'D50e Azami'], 59990, 9000, ['PHEV', 'Petrol', 'Diesel'], ['AWD'], { engineLitres: 2.5, since: 2022 }),
    m('CX-90', 'SUV', 'KK', ['Touring', 'GT', 'Azami'], 76990, 9000, ['Petrol', 'Diesel'], ['AWD'], { engineLitres: 3.3, cylinders: 6, seats: 8, since: 2023 }),
    m('MX-5', 'Convertible', 'ND', ['Roadster', 'Roadster GT RS'], 43990, 6000, ['Petrol'], ['RWD'], { since: 2015, manual: true }),
  ] },
  { make: 'Hyundai', country: 'South Korea', weight: 9, models: [
    m('Tucson', 'SUV', 'NX4.V2', ['Tucson', 'Elite', 'Highlander', 'N Line'], 36500, 5000, ['Petrol', 'Hybrid', 'Diesel'], ['FWD', 'AWD'], { since: 2021 }),
    m('i30', 'Hatch', 'PD.V4', ['i30', 'Active', 'N Line', 'N Line Premium', 'N'], 27990, 4000, ['Petrol'], ['FWD'], { since: 2017, manual: true }),
    m('Kona', 'SUV', 'SX2.V1', ['Kona', 'N Line', 'Premium'], 32000, 5000, ['Petrol', 'Hybrid', 'Electric'], ['FWD', 'AWD'], { since: 2023 }),
    m('Santa Fe', 'SUV', 'MX5.V1', ['Santa Fe', 'Elite', 'Calligraphy'], 55000, 8000, ['Petrol', 'Hybrid'], ['AWD'], { seats: 7, since: 2024 }),
    m('Ioniq 5', 'SUV', 'NE.V3', ['Dynamiq', 'Techniq', 'Epiq', 'N'], 71900, 8000, ['Electric'], ['RWD', 'AWD'], { since: 2021 }),
    m('Staria', 'People Mover', 'US4.V2', ['Staria', 'Elite', 'Highlander'], 54500, 7000, ['Diesel', 'Petrol'], ['FWD', 'AWD'], { engineLitres: 2.2, since: 2021 }),
  ] },
  { make: 'Kia', country: 'South Korea', weight: 9, models: [
    m('Sportage', 'SUV', 'NQ5 PE', ['S', 'SX', 'SX+', 'GT-Line'], 35990, 5000, ['Petrol', 'Diesel', 'Hybrid'], ['FWD', 'AWD'], { since: 2022 }),
    m('Cerato', 'Hatch', 'BD PE', ['S', 'Sport', 'Sport+', 'GT'], 26990, 4000, ['Petrol'], ['FWD'], { since: 2018, manual: true }),
    m('Sorento', 'SUV', 'MQ4 PE', ['S', 'Sport', 'Sport+', 'GT-Line'], 50990, 7000, ['Petrol', 'Diesel', 'Hybrid', 'PHEV'], ['FWD', 'AWD'], { seats: 7, since: 2020 }),
    m('Carnival', 'People Mover', 'KA4 PE', ['S', 'Sport', 'Sport+', 'GT-Line'], 52990, 7000, ['Petrol', 'Diesel', 'Hybrid'], ['FWD'], { engineLitres: 3.5, cylinders: 6, since: 2021 }),
    m('EV6', 'SUV', 'CV PE', ['Air', 'GT-Line', 'GT'], 72590, 12000, ['Electric'], ['RWD', 'AWD'], { since: 2022 }),
    m('Seltos', 'SUV', 'SP2 PE', ['S', 'Sport', 'Sport+', 'GT-Line'], 29990, 3500, ['Petrol'], ['FWD', 'AWD'], { since: 2020 }),
  ] },
  { make: 'Mitsubishi', country: 'Japan', weight: 7, models: [
    m('Triton', 'Ute', 'MV', ['GLX', 'GLX+', 'GLS', 'GSR'], 38990, 6000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 2.4, since: 2024, manual: true }),
    m('Outlander', 'SUV', 'ZM', ['ES', 'LS', 'Aspire', 'Exceed', 'VR-X'], 37990, 5000, ['Petrol', 'PHEV'], ['FWD', 'AWD'], { engineLitres: 2.5, seats: 7, since: 2021 }),
    m('ASX', 'SUV', 'XD', ['ES', 'LS', 'Exceed'], 28990, 3500, ['Petrol'], ['FWD'], { since: 2019 }),
    m('Pajero Sport', 'SUV', 'QF', ['GLX', 'GLS', 'Exceed', 'GSR'], 50990, 5000, ['Diesel'], ['4WD'], { engineLitres: 2.4, seats: 7, since: 2019 }),
  ] },
  { make: 'Isuzu', country: 'Japan', weight: 5, models: [
    m('D-Max', 'Ute', 'RG', ['SX', 'LS-M', 'LS-U', 'X-Terrain', 'Blade'], 36990, 7000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 3.0, since: 2020, manual: true }),
    m('MU-X', 'SUV', 'RJ', ['LS-M', 'LS-U', 'LS-T'], 52990, 6000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 3.0, seats: 7, since: 2021 }),
  ] },
  { make: 'Volkswagen', country: 'Germany', weight: 5, models: [
    m('Amarok', 'Ute', 'NF', ['Core', 'Life', 'Style', 'PanAmericana', 'Aventura'], 54990, 8000, ['Diesel'], ['4WD'], { engineLitres: 3.0, cylinders: 6, since: 2023 }),
    m('Golf', 'Hatch', 'Mk8.5', ['Life', 'R-Line', 'GTI', 'R'], 40990, 9000, ['Petrol'], ['FWD', 'AWD'], { since: 2021 }),
    m('Tiguan', 'SUV', '5N MY24', ['110TSI Life', '162TSI Elegance', '162TSI R-Line'], 44990, 8000, ['Petrol'], ['FWD', 'AWD'], { since: 2017 }),
    m('T-Roc', 'SUV', 'A1 MY25', ['CityLife', 'R-Line', 'R'], 38990, 7000, ['Petrol'], ['FWD', 'AWD'], { since: 2020 }),
  ] },
  { make: 'Nissan', country: 'Japan', weight: 5, models: [
    m('Navara', 'Ute', 'D23 Series 4', ['SL', 'ST', 'ST-X', 'PRO-4X'], 38990, 6000, ['Diesel'], ['4WD', 'RWD'], { engineLitres: 2.3, since: 2015, manual: true }),
    m('X-Trail', 'SUV', 'T33', ['ST', 'ST-L', 'Ti', 'Ti-L', 'N-TREK'], 38990, 6000, ['Petrol', 'Hybrid'], ['FWD', 'AWD'], { engineLitres: 2.5, seats: 7, since: 2022 }),
    m('Patrol', 'SUV', 'Y62 Series 5', ['Ti', 'Ti-L', 'Warrior'], 88990, 12000, ['Petrol'], ['4WD'], { engineLitres: 5.6, cylinders: 8, seats: 8, since: 2012 }),
    m('Qashqai', 'SUV', 'J12', ['ST', 'ST+', 'Ti', 'N-Design'], 34990, 5000, ['Petrol', 'Hybrid'], ['FWD'], { engineLitres: 1.3, since: 2022 }),
  ] },
  { make: 'Subaru', country: 'Japan', weight: 4, models: [
    m('Forester', 'SUV', 'SL', ['2.5i', '2.5i-L', '2.5i Premium', 'Hybrid S'], 41490, 4000, ['Petrol', 'Hybrid'], ['AWD'], { engineLitres: 2.5, since: 2025 }),
    m('Outback', 'Wagon', 'BT', ['AWD', 'AWD Sport', 'AWD Touring', 'XT Touring'], 46990, 5000, ['Petrol'], ['AWD'], { engineLitres: 2.5, since: 2021 }),
    m('Crosstrek', 'SUV', 'GU', ['2.0R', '2.0R L', '2.0R S', 'Hybrid S'], 36990, 3500, ['Petrol', 'Hybrid'], ['AWD'], { since: 2023 }),
    m('WRX', 'Sedan', 'VN', ['WRX', 'RS', 'tS'], 46990, 6000, ['Petrol'], ['AWD'], { engineLitres: 2.4, since: 2022, manual: true }),
  ] },
  { make: 'MG', country: 'China', weight: 5, models: [
    m('ZS', 'SUV', 'AZS2', ['Vibe', 'Excite', 'Essence'], 24990, 3000, ['Petrol', 'Hybrid'], ['FWD'], { engineLitres: 1.5, since: 2024 }),
    m('MG3', 'Hatch', 'SZP1', ['Vibe', 'Excite', 'Essence'], 21990, 2500, ['Petrol', 'Hybrid'], ['FWD'], { engineLitres: 1.5, since: 2024 }),
    m('HS', 'SUV', 'AS23', ['Vibe', 'Excite', 'Essence', 'Essence PHEV'], 33990, 4000, ['Petrol', 'PHEV'], ['FWD'], { engineLitres: 1.5, since: 2024 }),
    m('MG4', 'Hatch', 'EH32', ['Excite 51', 'Essence 64', 'XPOWER'], 35990, 6000, ['Electric'], ['RWD', 'AWD'], { since: 2023 }),
  ] },
  { make: 'Tesla', country: 'USA', weight: 3, models: [
    m('Model Y', 'SUV', 'MY25', ['Rear-Wheel Drive', 'Long Range', 'Performance'], 58900, 10000, ['Electric'], ['RWD', 'AWD'], { since: 2022 }),
    m('Model 3', 'Sedan', 'Highland', ['Rear-Wheel Drive', 'Long Range', 'Performance'], 54900, 10000, ['Electric'], ['RWD', 'AWD'], { since: 2019 }),
  ] },
  { make: 'BYD', country: 'China', weight: 3, models: [
    m('Atto 3', 'SUV', 'MY24', ['Essential', 'Premium'], 44499, 4000, ['Electric'], ['FWD'], { since: 2022 }),
    m('Seal', 'Sedan', 'MY24', ['Dynamic', 'Premium', 'Performance'], 49888, 8000, ['Electric'], ['RWD', 'AWD'], { since: 2023 }),
    m('Shark 6', 'Ute', 'MY25', ['Premium'], 57900, 0, ['PHEV'], ['AWD'], { engineLitres: 1.5, since: 2025 }),
    m('Sealion 6', 'SUV', 'MY25', ['Dynamic', 'Premium'], 46990, 6000, ['PHEV'], ['FWD', 'AWD'], { engineLitres: 1.5, since: 2024 }),
  ] },
  { make: 'GWM', country: 'China', weight: 3, models: [
    m('Haval Jolion', 'SUV', 'A01', ['Premium', 'Lux', 'Ultra', 'Ultra Hybrid'], 28990, 3000, ['Petrol', 'Hybrid'], ['FWD'], { engineLitres: 1.5, since: 2021 }),
    m('Cannon', 'Ute', 'NPW', ['Cannon', 'Lux', 'Ultra', 'Alpha'], 39990, 5000, ['Diesel'], ['4WD'], { since: 2021 }),
    m('Tank 300', 'SUV', 'P01', ['Lux', 'Ultra'], 50990, 5000, ['Petrol', 'Hybrid'], ['4WD'], { since: 2023 }),
  ] },
  { make: 'Honda', country: 'Japan', weight: 3, models: [
    m('CR-V', 'SUV', 'RS MY25', ['VTi X', 'VTi L7', 'e:HEV RS'], 44900, 6000, ['Petrol', 'Hybrid'], ['FWD', 'AWD'], { engineLitres: 1.5, since: 2023 }),
    m('HR-V', 'SUV', 'RV MY25', ['Vi X', 'e:HEV L'], 36700, 8000, ['Petrol', 'Hybrid'], ['FWD'], { engineLitres: 2.0, since: 2022 }),
    m('Civic', 'Hatch', 'FL MY25', ['e:HEV LX', 'Type R'], 49900, 23000, ['Hybrid', 'Petrol'], ['FWD'], { since: 2022, manual: true }),
  ] },
  { make: 'BMW', country: 'Germany', weight: 2, models: [
    m('X5', 'SUV', 'G05 LCI', ['xDrive30d', 'xDrive50e', 'M60i'], 128900, 20000, ['Diesel', 'PHEV', 'Petrol'], ['AWD'], { engineLitres: 3.0, cylinders: 6, since: 2019 }),
    m('3 Series', 'Sedan', 'G20 LCI', ['320i M Sport', '330e M Sport', 'M340i xDrive'], 74900, 12000, ['Petrol', 'PHEV'], ['RWD', 'AWD'], { since: 2019 }),
    m('iX1', 'SUV', 'U11', ['eDrive20', 'xDrive30 M Sport'], 72900, 10000, ['Electric'], ['FWD', 'AWD'], { since: 2023 }),
  ] },
  { make: 'Mercedes-Benz', country: 'Germany', weight: 2, models: [
    m('GLC', 'SUV', 'X254', ['GLC 300 4MATIC', 'GLC 350e 4MATIC', 'AMG GLC 43'], 97900, 15000, ['Petrol', 'PHEV'], ['AWD'], { since: 2023 }),
    m('C-Class', 'Sedan', 'W206', ['C 200', 'C 300', 'AMG C 43'], 79900, 12000, ['Petrol'], ['RWD', 'AWD'], { since: 2021 }),
    m('EQA', 'SUV', 'H243', ['EQA 250', 'EQA 350 4MATIC'], 76800, 10000, ['Electric'], ['FWD', 'AWD'], { since: 2021 }),
  ] },
  { make: 'Suzuki', country: 'Japan', weight: 2, models: [
    m('Jimny', 'SUV', 'GJ', ['Lite', 'Jimny', 'XL'], 32990, 3000, ['Petrol'], ['4WD'], { engineLitres: 1.5, seats: 4, doors: 3, since: 2018, manual: true }),
    m('Swift', 'Hatch', 'AZH', ['Hybrid', 'Hybrid Plus', 'Hybrid GLX'], 25490, 2500, ['Hybrid'], ['FWD'], { engineLitres: 1.2, cylinders: 3, since: 2024, manual: true }),
    m('Vitara', 'SUV', 'LY Series II', ['Vitara', 'Turbo', 'Turbo ALLGRIP'], 32490, 4000, ['Petrol'], ['FWD', 'AWD'], { engineLitres: 1.6, since: 2015 }),
  ] },
  { make: 'Audi', country: 'Germany', weight: 2, models: [
    m('Q5', 'SUV', 'FY MY24', ['40 TDI quattro', '45 TFSI quattro S line', 'SQ5'], 74900, 12000, ['Diesel', 'Petrol'], ['AWD'], { since: 2017 }),
    m('A4', 'Sedan', 'B9 8W MY24', ['35 TFSI', '45 TFSI quattro S line'], 62900, 12000, ['Petrol'], ['FWD', 'AWD'], { since: 2016 }),
    m('Q4 e-tron', 'SUV', 'F4 MY24', ['40', 'Sportback 45 quattro'], 79900, 10000, ['Electric'], ['RWD', 'AWD'], { since: 2022 }),
  ] },
  { make: 'Lexus', country: 'Japan', weight: 2, models: [
    m('RX', 'SUV', 'ALH10R', ['RX350h Luxury', 'RX350h Sports Luxury', 'RX500h F Sport'], 92000, 12000, ['Hybrid'], ['AWD'], { engineLitres: 2.5, since: 2022 }),
    m('NX', 'SUV', 'AAZH20R', ['NX250 Luxury', 'NX350h F Sport', 'NX450h+ F Sport'], 64000, 10000, ['Petrol', 'Hybrid', 'PHEV'], ['FWD', 'AWD'], { engineLitres: 2.5, since: 2021 }),
  ] },
  { make: 'Porsche', country: 'Germany', weight: 1, models: [
    m('Macan', 'SUV', '95B MY24', ['Macan', 'S', 'GTS'], 92000, 25000, ['Petrol'], ['AWD'], { since: 2019 }),
    m('911', 'Coupe', '992', ['Carrera', 'Carrera S', 'Turbo S'], 260000, 60000, ['Petrol'], ['RWD', 'AWD'], { engineLitres: 3.0, cylinders: 6, since: 2019, manual: true }),
  ] },
  { make: 'Volvo', country: 'Sweden', weight: 1, models: [
    m('XC60', 'SUV', '246 MY24', ['Plus B5', 'Ultimate B5', 'Ultimate T8 Recharge'], 73000, 8000, ['Petrol', 'PHEV'], ['AWD'], { since: 2017 }),
    m('XC40', 'SUV', '536 MY24', ['Plus B4', 'Ultimate B5', 'Recharge Pure Electric'], 57000, 8000, ['Petrol', 'Electric'], ['FWD', 'AWD'], { since: 2018 }),
  ] },
  { make: 'Land Rover', country: 'United Kingdom', weight: 1, models: [
    m('Defender', 'SUV', 'L663 MY24', ['110 D250 SE', '110 D300 X-Dynamic HSE', '130 P400 X'], 97000, 20000, ['Diesel', 'Petrol'], ['4WD'], { engineLitres: 3.0, cylinders: 6, since: 2020 }),
    m('Range Rover Evoque', 'SUV', 'L551 MY24', ['P250 S', 'P300e Dynamic SE'], 72000, 12000, ['Petrol', 'PHEV'], ['AWD'], { since: 2019 }),
  ] },
  { make: 'Holden', country: 'Australia', weight: 2, models: [
    m('Commodore', 'Sedan', 'ZB', ['LT', 'RS', 'Calais-V', 'VXR'], 36000, 6000, ['Petrol'], ['FWD', 'AWD'], { since: 2018, until: 2020 }),
    m('Colorado', 'Ute', 'RG', ['LS', 'LTZ', 'Z71'], 42000, 6000, ['Diesel'], ['4WD'], { engineLitres: 2.8, since: 2016, until: 2020, manual: true }),
    m('Trax', 'SUV', 'TJ', ['LS', 'LTZ'], 24000, 4000, ['Petrol'], ['FWD'], { engineLitres: 1.4, since: 2017, until: 2020 }),
  ] },
];

/** Motorcycles: the bodies, seats and drives of motorcycles (no doors), new prices ride-away. */
const bike = (
  model: string,
  body: MotorcycleBody,
  series: string,
  badges: string[],
  basePrice: number,
  badgeStep: number,
  engineLitres: number,
  cylinders: number,
  extra: Partial<CatalogModel> = {},
): CatalogModel =>
  m(model, body, series, badges, basePrice, badgeStep, ['Petrol'], ['RWD'], {
    manual: true, seats: 2, doors: 0, engineLitres, cylinders, since: 2020, finalDrive: 'Chain', ...extra,
  });

/** Motorcycles. */
export const MOTORCYCLE_MAKES: CatalogMake[] = [
  { make: 'Harley-Davidson', country: 'USA', weight: 3, models: [
    bike('Street Glide', 'Touring', 'FLHX MY25', ['Street Glide', 'Special'], 46995, 4000, 1.92, 2, { since: 2024, finalDrive: 'Belt' }),
    bike('Sportster S', 'Cruiser', 'RH1250S', ['Sportster S'], 29995, 0, 1.25, 2, { seats: 1, since: 2021, finalDrive: 'Belt' }),
  ] },
  { make: 'Yamaha', country: 'Japan', weight: 4, models: [
    bike('MT-07', 'Naked', 'MY25', ['MT-07 LAMS', 'MT-07 Y-AMT LAMS'], 12499, 1000, 0.69, 2, { since: 2021, lams: true }),
    bike('Tenere 700', 'Adventure', 'MY25', ['Tenere 700', 'World Raid'], 18999, 3000, 0.69, 2, { since: 2019 }),
    bike('YZF-R7', 'Sport', 'MY25', ['YZF-R7 LAMS'], 14999, 0, 0.69, 2, { since: 2022, lams: true }),
  ] },
  { make: 'Kawasaki', country: 'Japan', weight: 3, models: [
    bike('Ninja 650', 'Sport', 'EX650', ['Ninja 650 LAMS', 'Ninja 650 KRT LAMS'], 11999, 300, 0.65, 2, { since: 2020, lams: true }),
    bike('Z900', 'Naked', 'ZR900', ['Z900', 'Z900 SE'], 15999, 2500, 0.95, 4, { since: 2020 }),
    bike('Vulcan S', 'Cruiser', 'EN650', ['Vulcan S LAMS'], 11799, 0, 0.65, 2, { since: 2015, lams: true }),
  ] },
  { make: 'Honda', country: 'Japan', weight: 3, models: [
    bike('CB650R', 'Naked', 'RH02', ['CB650R', 'CB650R E-Clutch'], 14499, 800, 0.65, 4, { since: 2019 }),
    bike('Africa Twin', 'Adventure', 'CRF1100L', ['Standard', 'Adventure Sports ES'], 22999, 5000, 1.08, 2, { since: 2020 }),
    bike('Gold Wing', 'Touring', 'GL1800', ['Gold Wing Tour DCT'], 49999, 0, 1.83, 6, { since: 2018, manual: false, finalDrive: 'Shaft' }),
  ] },
  { make: 'Triumph', country: 'United Kingdom', weight: 2, models: [
    bike('Trident 660', 'Naked', 'MY25', ['Trident 660 LAMS'], 12990, 0, 0.66, 3, { since: 2021, lams: true }),
    bike('Tiger 900', 'Adventure', 'MY24', ['GT', 'Rally Pro'], 22990, 3000, 0.89, 3, { since: 2020 }),
  ] },
  { make: 'KTM', country: 'Austria', weight: 2, models: [
    bike('390 Duke', 'Naked', 'MY25', ['390 Duke LAMS'], 9995, 0, 0.4, 1, { since: 2024, lams: true }),
    bike('890 Adventure', 'Adventure', 'MY24', ['890 Adventure', '890 Adventure R'], 21995, 3000, 0.89, 2, { since: 2021 }),
  ] },
];

/** Light and medium trucks (cab chassis; the body is fitted to order). */
export const TRUCK_MAKES: CatalogMake[] = [
  { make: 'Isuzu', country: 'Japan', weight: 5, models: [
    m('N Series NPR 75-190', 'Cab Chassis', 'NPR', ['Standard Cab', 'Crew Cab'], 82990, 6000, ['Diesel'], ['RWD'], { seats: 3, doors: 2, engineLitres: 5.2, since: 2021, gvm: 7500, licence: 'LR' }),
    m('F Series FRR 110-260', 'Cab Chassis', 'FRR', ['Medium Wheelbase', 'Long Wheelbase'], 129990, 5000, ['Diesel'], ['RWD'], { seats: 3, doors: 2, engineLitres: 7.8, cylinders: 6, since: 2021, gvm: 11000, licence: 'MR' }),
  ] },
  { make: 'Hino', country: 'Japan', weight: 4, models: [
    m('300 Series 616', 'Cab Chassis', 'XKU', ['Standard Cab', 'Wide Cab Hybrid'], 78990, 12000, ['Diesel', 'Hybrid'], ['RWD'], { seats: 3, doors: 2, engineLitres: 4.0, since: 2022, gvm: 6500, licence: 'LR' }),
    m('500 Series FD', 'Cab Chassis', 'FD 1124', ['Standard Cab', 'Wide Cab'], 139990, 8000, ['Diesel'], ['RWD'], { seats: 3, doors: 2, engineLitres: 8.0, cylinders: 6, since: 2018, gvm: 11000, licence: 'MR' }),
  ] },
  { make: 'Fuso', country: 'Japan', weight: 3, models: [
    m('Canter 515', 'Cab Chassis', 'FEB21', ['City Cab', 'Wide Cab', 'eCanter'], 69990, 12000, ['Diesel', 'Electric'], ['RWD'], { seats: 3, doors: 2, engineLitres: 3.0, since: 2021, gvm: 4500, licence: 'LR' }),
  ] },
];

/** One caravan/RV line. */
export interface CatalogCaravan {
  make: string;
  model: string;
  series: string;
  badges: string[];
  basePrice: number;
  lengthFt: number;
  sleeps: number;
  tare: number;
  atm: number;
  axle: 'Single' | 'Tandem';
  offroad: boolean;
}

/** Caravans sold by Australian RV dealers. */
export const CARAVANS: CatalogCaravan[] = [
  { make: 'Jayco', model: 'Journey', series: 'MY25', badges: ['19.61-3', '21.62-3 Outback'], basePrice: 74990, lengthFt: 19.5, sleeps: 2, tare: 2250, atm: 2800, axle: 'Tandem', offroad: false },
  { make: 'Jayco', model: 'Crossover', series: 'MY25', badges: ['17.48-1', '19.56-2 Outback'], basePrice: 59990, lengthFt: 17, sleeps: 4, tare: 1900, atm: 2400, axle: 'Single', offroad: true },
  { make: 'Jayco', model: 'Swan', series: 'MY25', badges: ['Camper', 'Outback Camper'], basePrice: 34990, lengthFt: 14, sleeps: 5, tare: 1100, atm: 1600, axle: 'Single', offroad: false },
  { make: 'Lotus Caravans', model: 'Trooper', series: 'Series 4', badges: ['21ft', '23ft Family'], basePrice: 119990, lengthFt: 21, sleeps: 2, tare: 2800, atm: 3500, axle: 'Tandem', offroad: true },
  { make: 'New Age Caravans', model: 'Manta Ray', series: 'MR19', badges: ['MR19ERS', 'MR21ERS'], basePrice: 89990, lengthFt: 19, sleeps: 2, tare: 2450, atm: 3000, axle: 'Tandem', offroad: false },
  { make: 'Avan', model: 'Aspire', series: 'MY25', badges: ['555 Bunk', '630 Club Lounge'], basePrice: 79990, lengthFt: 20, sleeps: 6, tare: 2300, atm: 2900, axle: 'Tandem', offroad: false },
  { make: 'Coromal', model: 'Element', series: 'MY24', badges: ['E601', 'E662'], basePrice: 69990, lengthFt: 20, sleeps: 2, tare: 2200, atm: 2750, axle: 'Tandem', offroad: false },
  { make: 'Crusader', model: 'Excalibur', series: 'MY25', badges: ['19ft Ensuite', '21ft Family Bunk'], basePrice: 84990, lengthFt: 19, sleeps: 2, tare: 2400, atm: 3000, axle: 'Tandem', offroad: false },
  { make: 'Zone RV', model: 'Z-20', series: 'MY25', badges: ['Z-20', 'Z-20 Family'], basePrice: 129990, lengthFt: 20, sleeps: 4, tare: 2700, atm: 3500, axle: 'Tandem', offroad: true },
];

/** Exterior colours with hex codes (hex drives the generated images). */
export const COLOURS: { name: string; hex: string; weight: number }[] = [
  { name: 'White', hex: '#f4f4f2', weight: 30 },
  { name: 'Silver', hex: '#b8bcc2', weight: 12 },
  { name: 'Grey', hex: '#6b7078', weight: 14 },
  { name: 'Black', hex: '#1d1f22', weight: 14 },
  { name: 'Blue', hex: '#1f4e8c', weight: 9 },
  { name: 'Red', hex: '#a8201a', weight: 8 },
  { name: 'Green', hex: '#3f5d3a', weight: 3 },
  { name: 'Orange', hex: '#d9661f', weight: 2 },
  { name: 'Bronze', hex: '#8c6a43', weight: 3 },
  { name: 'Yellow', hex: '#e2b51d', weight: 1 },
  { name: 'Beige', hex: '#cdbb98', weight: 2 },
];

/** Interior trims. */
export const INTERIOR_COLOURS = ['Black Cloth', 'Black Leather', 'Grey Cloth', 'Tan Leather', 'Black Leather-Appointed', 'Ash Grey'];

/** Standard equipment pool; each car gets a deterministic subset. */
export const EQUIPMENT = [
  'Apple CarPlay', 'Android Auto', 'Reversing Camera', '360-Degree Camera', 'Autonomous Emergency Braking',
  'Adaptive Cruise Control', 'Lane Keep Assist', 'Blind Spot Monitoring', 'Rear Cross Traffic Alert',
  'Heated Front Seats', 'Ventilated Front Seats', 'Power Tailgate', 'Sunroof', 'Keyless Entry', 'Push Button Start',
  'Dual-Zone Climate Control', 'Wireless Phone Charger', 'LED Headlights', 'Alloy Wheels', 'Tow Bar',
  'Roof Racks', 'Satellite Navigation', 'Digital Radio (DAB+)', 'Head-Up Display', 'Leather Steering Wheel',
  'Bluetooth Connectivity', 'Front Parking Sensors', 'Rear Parking Sensors', 'Tyre Pressure Monitoring',
  'Auto High Beam', 'Rain-Sensing Wipers', 'Side Steps', 'Bull Bar', 'Canopy', 'Tub Liner',
];

/** Body type order used for model colour lists (spec §2 colour viewer). */
export const BODY_TYPE_ORDER = ['wagon', 'sedan', 'hatch', 'ute', 'cab chassis', 'van', 'coupe', 'convertible'];
