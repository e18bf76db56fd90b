import { contactMessageBody, contactMessageResponse, type ContactMessageResponse } from '@contract/marketing';
import type { UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { defineOutboxAction, useOutboxSubmit } from '@/lib/outbox';

export const contactMessageSchema = contactMessageBody;
export type ContactMessageFormValues = z.input<typeof contactMessageSchema>;
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

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

const formFields = [
  'name',
  'email',
  'organisation',
  'subject',
  'message',
] as const satisfies readonly (keyof ContactMessageFormValues)[];

/** An empty optional field is left out rather than stored as ''. */
export function contactMessageRequestBody({
  organisation,
  ...rest
}: ContactMessageInput): ContactMessageInput {
  return organisation ? { ...rest, organisation } : rest;
}

/** Sends a contact message from the form whose `setError` receives the server's field messages. */
export function useSendContactMessage(setError: UseFormSetError<ContactMessageFormValues>) {
  return useOutboxSubmit<ContactMessageInput, ContactMessageFormValues, ContactMessageResponse>(
    sendContactMessageAction,
    {
      setError,
      fields: formFields,
      fallback: 'Your message could not be sent. Please try again.',
      parseResponse: (raw) => contactMessageResponse.parse(raw),
    },
  );
}
