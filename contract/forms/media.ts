import type { Answers } from './answers';
import { isMediaType, type Question } from './definition';

/*
 * A response's media (photo, audio, video, file, signature) travel apart from its answers, the way
 * ODK sends attachments: the answers name each file, and each file is a resumable tus upload to
 * /api/uploads carrying the form and instance it belongs to in its Upload-Metadata. A visitor of the
 * public fill link needs no account for it; the open form is the permission. Either may arrive first,
 * so a response can show a file as awaited until its upload completes.
 */

/** Upload-Metadata keys of a response's file (besides `filename`, which is the answer's value). */
export const FORM_MEDIA_METADATA = { formId: 'formId', instanceId: 'instanceId' } as const;

/** A second upload of a file the response already holds: the client counts it as sent. */
export const MEDIA_ALREADY_RECEIVED = 'media_already_received';

/** At most this many files per response. */
export const MEDIA_PER_RESPONSE_MAX = 50;

/** The address of a response's file, relative to the API base (`/api`). */
export const submissionMediaPath = (formId: string, submissionId: string, name: string) =>
  `/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(submissionId)}/media/${encodeURIComponent(name)}`;

/**
 * The questions of a form that can hold files: media questions, and the groups and repeats that hold
 * some (pruned of everything else, so a walk over answers visits only what can name a file).
 */
export function mediaQuestionsOf(questions: readonly Question[]): Question[] {
  const kept: Question[] = [];
  for (const q of questions) {
    if (isMediaType(q.type)) kept.push(q);
    else if (q.children) {
      const children = mediaQuestionsOf(q.children);
      if (children.length) kept.push({ ...q, children });
    }
  }
  return kept;
}

/**
 * The file names a response's answers hold, each once, in question order (a repeat's instances in
 * order): the non-blank answers of media questions, in groups and repeats too. Driven by the
 * definition, so a text answer that looks like a file name is never taken for one.
 */
export function mediaNamesOf(questions: readonly Question[], answers: Answers): string[] {
  const names = new Set<string>();
  const visit = (scope: readonly Question[], values: Answers) => {
    for (const q of scope) {
      const value = values[q.name];
      if (value === undefined) continue;
      if (isMediaType(q.type)) {
        if (typeof value === 'string' && value.trim() !== '') names.add(value);
      } else if (q.children && typeof value === 'object') {
        // A repeat's instances are an array; a group is one object (either is taken for either).
        for (const inner of Array.isArray(value) ? value : [value]) visit(q.children, inner);
      }
    }
  };
  visit(questions, answers);
  return [...names];
}

/** The name a response's file is kept under: its answer as the upload's `filename` is read (NFC, trimmed). */
export const mediaFileName = (answer: string) => answer.normalize('NFC').trim();
