CREATE TABLE "chat_message_words" (
	"word_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"message_id" text NOT NULL,
	CONSTRAINT "chat_message_words_word_id_created_at_message_id_pk" PRIMARY KEY("word_id","created_at","message_id")
);
--> statement-breakpoint
CREATE TABLE "chat_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ngo_id" text NOT NULL,
	"word" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_words" ADD CONSTRAINT "chat_words_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_words_ngo_word_idx" ON "chat_words" USING btree ("ngo_id","word");--> statement-breakpoint
-- Nothing reads the word index on search_vector any more (the postings answer), and every message paid for it.
DROP INDEX "chat_messages_search_idx";--> statement-breakpoint
-- The chat search's postings (ADR 0051): one row per word of each live message, written and removed in
-- the writing statement's own transaction. The lexemes are search_vector's own, so a posting exists
-- exactly where `search_vector @@ 'word':*` would match. One pair of functions serves the triggers and
-- the backfill below: post a set of messages, unpost a set of messages (as they were).
CREATE FUNCTION "chat_words_post"("messages" chat_messages[]) RETURNS void LANGUAGE sql AS $$
  -- New words only (a conflicting insert would still spend an identity number), in order, so that two
  -- writers lock the same new words in the same order.
  INSERT INTO chat_words (ngo_id, word)
  SELECT DISTINCT m.ngo_id, l.word
  FROM unnest(messages) m CROSS JOIN unnest(tsvector_to_array(m.search_vector)) AS l(word)
  WHERE m.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM chat_words w WHERE w.ngo_id = m.ngo_id AND w.word = l.word)
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  INSERT INTO chat_message_words (word_id, created_at, message_id)
  SELECT w.id, m.created_at, m.id
  FROM unnest(messages) m CROSS JOIN unnest(tsvector_to_array(m.search_vector)) AS l(word)
  JOIN chat_words w ON w.ngo_id = m.ngo_id AND w.word = l.word
  WHERE m.deleted_at IS NULL;
$$;
--> statement-breakpoint
CREATE FUNCTION "chat_words_unpost"("messages" chat_messages[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM chat_message_words p
  USING unnest(messages) m CROSS JOIN unnest(tsvector_to_array(m.search_vector)) AS l(word)
  JOIN chat_words w ON w.ngo_id = m.ngo_id AND w.word = l.word
  WHERE m.deleted_at IS NULL
    AND p.word_id = w.id AND p.created_at = m.created_at AND p.message_id = m.id;
$$;
--> statement-breakpoint
CREATE FUNCTION "chat_messages_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM chat_words_post(ARRAY(SELECT n::chat_messages FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM chat_words_unpost(ARRAY(SELECT o::chat_messages FROM old_rows o));
  ELSE
    PERFORM chat_words_unpost(ARRAY[OLD]);
    PERFORM chat_words_post(ARRAY[NEW]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_words_insert" AFTER INSERT ON "chat_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_words();
--> statement-breakpoint
CREATE TRIGGER "chat_messages_words_delete" AFTER DELETE ON "chat_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_words();
--> statement-breakpoint
-- Reactions and reply counts update messages all the time; only an edit or a deletion moves words.
CREATE TRIGGER "chat_messages_words_update" AFTER UPDATE OF body, deleted_at ON "chat_messages"
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION chat_messages_words();
--> statement-breakpoint
-- A word removed (its NGO deleted) takes its postings, whichever of the NGO's rows cascade first.
CREATE FUNCTION "chat_words_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM chat_message_words p USING old_words o WHERE p.word_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chat_words_forget" AFTER DELETE ON "chat_words"
  REFERENCING OLD TABLE AS old_words FOR EACH STATEMENT EXECUTE FUNCTION chat_words_forget();
--> statement-breakpoint
SELECT chat_words_post(ARRAY(SELECT m FROM chat_messages m));
