import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, codeCheckSymbol } from '../../../contract/documents';
import type { DbExecutor } from '../../db';
import { isUniqueViolation } from '../../services/db-errors';

/**
 * A fresh verification code (contract/documents.ts): nine random symbols of the alphabet from the
 * system's CSPRNG, then the check symbol. Random rather than derived from the id, so a code says
 * nothing about other documents and cannot be walked.
 */
export function newDocumentCode(): string {
  let body = '';
  for (let i = 0; i < CODE_LENGTH - 1; i++) body += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return body + codeCheckSymbol(body);
}

/** 45 bits make a clash rare; a few fresh tries make it harmless. */
const CODE_ATTEMPTS = 5;

/**
 * Runs `insert` with a fresh code until it is not already taken. Each try is a savepoint, so a
 * unique violation (volunteer_documents_code_idx) undoes only that try and the caller's transaction
 * goes on; any other error ends it as usual.
 */
export async function insertWithFreshCode<T>(
  tx: DbExecutor,
  insert: (sp: DbExecutor, code: string) => Promise<T>,
  nextCode: () => string = newDocumentCode,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const code = nextCode();
    try {
      return await tx.transaction((sp) => insert(sp, code));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= CODE_ATTEMPTS) throw err;
    }
  }
}
