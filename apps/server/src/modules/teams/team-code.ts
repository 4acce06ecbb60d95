import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code is read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const newTeamCode = (length = 6): string =>
  Array.from({ length }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
