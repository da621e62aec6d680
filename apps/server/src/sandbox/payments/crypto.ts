import { createHmac } from 'node:crypto';

/**
 * The sandbox's crypto addresses: derived from a key and the casino's reference (account and network),
 * so asking again gives the same address. XRP works as exchanges do: one shared address, a tag per account.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const SANDBOX_XRP_ADDRESS = 'rSandboxPayDepositsXRPLedger1x';

function digest(key: string, reference: string): Buffer {
  return createHmac('sha256', key).update(`crypto-address:${reference}`).digest();
}

const pick = (bytes: Buffer, alphabet: string, length: number) =>
  Array.from({ length }, (_, i) => alphabet[bytes[i % bytes.length]! % alphabet.length]).join('');

export function depositAddress(key: string, reference: string, network: string): { address: string; tag?: string } {
  const bytes = Buffer.concat([digest(key, reference), digest(key, `${reference}:2`)]);
  switch (network) {
    case 'bitcoin':
      return { address: `bc1q${pick(bytes, BECH32, 38)}` };
    case 'litecoin':
      return { address: `ltc1q${pick(bytes, BECH32, 38)}` };
    case 'erc20':
      return { address: `0x${bytes.subarray(0, 20).toString('hex')}` };
    case 'trc20':
      return { address: `T${pick(bytes, BASE58, 33)}` };
    case 'xrp':
      return { address: SANDBOX_XRP_ADDRESS, tag: String(bytes.readUInt32BE(0) % 1_000_000_000) };
    default:
      throw new Error(`unknown network ${network}`);
  }
}
