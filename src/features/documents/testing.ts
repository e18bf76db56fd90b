import type { DocumentSettings, DocumentVerification, IssuedDocument } from '@contract/documents';

/** A valid certificate issued to Grace for 2026, unless told otherwise. Its code is well formed. */
export const documentOf = (over: Partial<IssuedDocument> = {}): IssuedDocument => ({
  id: 'd1',
  kind: 'certificate',
  code: 'ABCDE1234E',
  status: 'valid',
  volunteerId: 'grace',
  volunteerName: 'Grace Volunteer',
  role: 'Volunteer',
  ngoName: 'Hope Foundation',
  periodFrom: '2026-01-01',
  periodTo: '2026-12-31',
  minutes: 750,
  signerName: 'Ada Director',
  signerTitle: 'Executive Director',
  body: '',
  issuedById: 'ada',
  issuedByName: 'Ada Admin',
  issuedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  revokedReason: null,
  ...over,
});

export const verificationOf = (over: Partial<DocumentVerification> = {}): DocumentVerification => ({
  code: 'ABCDE1234E',
  kind: 'certificate',
  status: 'valid',
  volunteerName: 'Grace Volunteer',
  ngoName: 'Hope Foundation',
  role: 'Volunteer',
  periodFrom: '2026-01-01',
  periodTo: '2026-12-31',
  minutes: 750,
  signerName: 'Ada Director',
  signerTitle: 'Executive Director',
  issuedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  ...over,
});

export const settingsOf = (over: Partial<DocumentSettings> = {}): DocumentSettings => ({
  letterTemplate: 'Dear reader, {{name}} gave {{hours}} hours.',
  signerName: 'Ada Director',
  signerTitle: 'Executive Director',
  logoFileId: null,
  updatedAt: null,
  ...over,
});
