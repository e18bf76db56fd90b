import { contactMessageBody, contactMessageResponse, type ContactMessageResponse } from '@contract/marketing';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { defineOutboxAction, OutboxRejectedError } from '@/lib/outbox';

export const contactMessageSchema = contactMessageBody;
export type ContactMessageFormValues = z.input<typeof contactMessageSchema>;
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export interface SendContactMessageVariables {
  body: ContactMessageInput;
  /** Made when the sender starts the form, so a double submit or a resend is the same message. */
  idempotencyKey: string;
}

export type SendContactMessageResult =
  | { status: 'sent'; response: ContactMessageResponse }
  /** Kept on the device (offline, or the server was unreachable) and sent when the connection is back. */
  | { status: 'queued'; reason: 'offline' | 'server' };

/**
 * Through the outbox, so a message written offline is sent later rather than lost. It belongs to
 * whoever is signed in (nobody for a visitor): on a shared phone the next person must not see it in
 * the outbox, and logging out deletes it after a warning.
 */
export const sendContactMessageAction = defineOutboxAction<ContactMessageInput>({
  kind: 'contact-message',
  method: 'POST',
  url: '/marketing/contact',
  label: 'Contact message',
});

export const sendContactMessageMutationKey = ['marketing', 'contact-message'] as const;

/** Throws OutboxRejectedError when the server refuses the message (400, 429…). */
export async function sendContactMessage({
  body,
  idempotencyKey,
}: SendContactMessageVariables): Promise<SendContactMessageResult> {
  // An empty optional field is left out rather than stored as ''.
  const { organisation, ...rest } = body;
  const result = await sendContactMessageAction.submit(organisation ? { ...rest, organisation } : rest, {
    idempotencyKey,
  });
  if (result.status === 'rejected') throw new OutboxRejectedError(result.error);
  if (result.status === 'queued') return result;
  return { status: 'sent', response: contactMessageResponse.parse(result.response) };
}

export const sendContactMessageMutationOptions = () =>
  mutationOptions({
    mutationKey: sendContactMessageMutationKey,
    mutationFn: sendContactMessage,
    // Never paused by TanStack Query: offline, the outbox keeps the message (and survives a
    // reload), and the sender is told at once that it will go later.
    networkMode: 'always',
  });

export function useSendContactMessage() {
  return useMutation(sendContactMessageMutationOptions());
}
