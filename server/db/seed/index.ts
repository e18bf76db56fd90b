import type { Database } from '..';

export async function seedDemoData(_db: Database): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
