import { searchParamsReader, textParam } from '@/lib/listing/search-params-reader';

/** /team-chat's URL: the open conversation (`?c=`), so it is a link and Back closes it. */
export interface ChatSearch {
  c?: string;
}

/** Read by hand (lib/listing/search-params-reader), keeping zod off the route tree (ADR 0006). */
export const chatSearch = searchParamsReader<ChatSearch>({ c: textParam(64) });
