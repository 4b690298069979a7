// At least 30 real coins with their real display precisions (spec §3: BIT 8, MATIC 4, LTC 8).
// Enum numbers are ours and stable; reference prices are rough USD levels the simulator
// oscillates around. Icons: public/coins/<name>-light.svg and -dark.svg.

export type SeedCoin = {
  coinEnum: number
  name: string
  assetDigits: number
  transactionDigits: number
  referencePrice: string
  color: string
}

export const SEED_COINS: SeedCoin[] = [
  c(1, 'BTC', 8, 6, '95000', '#F7931A'),
  c(2, 'ETH', 8, 5, '3400', '#627EEA'),
  c(3, 'USDT', 8, 4, '1', '#26A17B'),
  c(4, 'USDC', 8, 4, '1', '#2775CA'),
  c(5, 'BIT', 8, 2, '0.92', '#1B1B1B'),
  c(6, 'MATIC', 4, 1, '0.48', '#8247E5'),
  c(7, 'LTC', 8, 5, '96', '#345D9D'),
  c(8, 'XRP', 6, 2, '2.2', '#23292F'),
  c(9, 'SOL', 8, 3, '180', '#9945FF'),
  c(10, 'DOGE', 8, 1, '0.32', '#C2A633'),
  c(11, 'ADA', 6, 2, '0.9', '#0033AD'),
  c(12, 'DOT', 8, 3, '7.1', '#E6007A'),
  c(13, 'TRX', 6, 1, '0.25', '#EB0029'),
  c(14, 'AVAX', 8, 3, '36', '#E84142'),
  c(15, 'LINK', 8, 3, '20', '#2A5ADA'),
  c(16, 'UNI', 8, 3, '11', '#FF007A'),
  c(17, 'ATOM', 6, 3, '7.2', '#2E3148'),
  c(18, 'XLM', 7, 1, '0.41', '#14B6E7'),
  c(19, 'BCH', 8, 5, '450', '#8DC351'),
  c(20, 'ETC', 8, 3, '27', '#328332'),
  c(21, 'FIL', 8, 3, '5.2', '#0090FF'),
  c(22, 'APT', 8, 3, '9.4', '#00BFA5'),
  c(23, 'ARB', 8, 2, '0.78', '#28A0F0'),
  c(24, 'OP', 8, 2, '1.85', '#FF0420'),
  c(25, 'NEAR', 8, 2, '5.1', '#00C08B'),
  c(26, 'TON', 9, 3, '5.5', '#0098EA'),
  c(27, 'MNT', 8, 2, '0.82', '#000000'),
  c(28, 'SHIB', 2, 0, '0.000022', '#E42D04'),
  c(29, 'PEPE', 2, 0, '0.000012', '#479F53'),
  c(30, 'DAI', 8, 4, '1', '#F5AC37'),
  c(31, 'BUSD', 8, 4, '1', '#F0B90B'),
  c(32, 'AAVE', 8, 4, '310', '#B6509E'),
  c(33, 'SUI', 8, 2, '3.6', '#4DA2FF'),
  c(34, 'INJ', 8, 3, '24', '#0082FA'),
  c(35, 'WLD', 8, 2, '2.4', '#101010'),
]

function c(
  coinEnum: number,
  name: string,
  assetDigits: number,
  transactionDigits: number,
  referencePrice: string,
  color: string,
): SeedCoin {
  return { coinEnum, name, assetDigits, transactionDigits, referencePrice, color }
}

export const coinIconPath = (name: string, theme: 'light' | 'dark') =>
  `/coins/${name.toLowerCase()}-${theme}.svg`
