-- Issue 36 (decision 154): the course section of an enrollment (roster CSV, manual add, LTI).
ALTER TABLE "enrollments" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_section_single_line" CHECK ("enrollments"."section" IS NULL OR (char_length("enrollments"."section") BETWEEN 1 AND 60 AND "enrollments"."section" !~ '[[:cntrl:]]'));