import { ulid } from 'ulid';

/** Opaque, sortable and dash-free: the donation tx_ref splits on dashes. */
export const newId = () => ulid().toLowerCase();
