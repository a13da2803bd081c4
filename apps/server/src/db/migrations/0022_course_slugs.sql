CREATE TABLE "course_slug_redirects" (
	"slug" varchar(80) PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "slug" varchar(80) DEFAULT ('curso-' || substr(md5(random()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing courses get their slug from name_key (lower case, accents folded: decision 062), every run of
-- other characters one hyphen. Of courses with the same slug, the later ones take their id's first 8
-- characters after it (a new or renamed course is numbered by the service instead: -2, -3…).
WITH base AS (
	SELECT "id", "created_at",
		coalesce(nullif(trim(both '-' from left(regexp_replace("name_key", '[^a-z0-9]+', '-', 'g'), 71)), ''), 'curso') AS "slug"
	FROM "courses"
), numbered AS (
	SELECT "id", "slug", row_number() OVER (PARTITION BY "slug" ORDER BY "created_at", "id") AS "n" FROM base
)
UPDATE "courses" SET "slug" = CASE WHEN numbered."n" = 1 THEN numbered."slug" ELSE numbered."slug" || '-' || left(numbered."id"::text, 8) END
FROM numbered WHERE numbered."id" = "courses"."id";--> statement-breakpoint
ALTER TABLE "course_slug_redirects" ADD CONSTRAINT "course_slug_redirects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_idx" ON "courses" USING btree ("slug");