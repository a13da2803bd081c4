CREATE TYPE "public"."class_status" AS ENUM('active', 'completed', 'cancelled', 'full');--> statement-breakpoint
CREATE TYPE "public"."course_area" AS ENUM('Tecnologia', 'Marketing', 'Línguas', 'Gestão', 'Design', 'Saúde', 'Educação');--> statement-breakpoint
CREATE TYPE "public"."course_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."enrollment_status" AS ENUM('pre_inscrito', 'approved', 'payment_pending', 'enrolled', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('id_card_front', 'id_card_back', 'certificate', 'receipt', 'curriculum', 'certificate_pdf');--> statement-breakpoint
CREATE TYPE "public"."modality" AS ENUM('presencial', 'online', 'hibrido');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'completed', 'confirmed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."province" AS ENUM('Bengo', 'Benguela', 'Bié', 'Cabinda', 'Cuando Cubango', 'Cuanza Norte', 'Cuanza Sul', 'Cunene', 'Huambo', 'Huíla', 'Luanda', 'Lunda Norte', 'Lunda Sul', 'Malanje', 'Moxico', 'Namibe', 'Uíge', 'Zaire');--> statement-breakpoint
CREATE TYPE "public"."receipt_file_type" AS ENUM('pdf', 'image');--> statement-breakpoint
CREATE TYPE "public"."receipt_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('super_admin', 'admin', 'financeiro', 'professor', 'secretaria');--> statement-breakpoint
CREATE TYPE "public"."teacher_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"course_id" uuid NOT NULL,
	"teacher_id" uuid,
	"class_type" "modality" NOT NULL,
	"location" text,
	"enrollment_start_date" date NOT NULL,
	"enrollment_end_date" date NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"schedule" varchar(100) NOT NULL,
	"max_students" integer DEFAULT 30 NOT NULL,
	"current_students" integer DEFAULT 0 NOT NULL,
	"curriculum_file_id" uuid,
	"status" "class_status" DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_max_students_check" CHECK ("classes"."max_students" >= 1),
	CONSTRAINT "classes_current_students_check" CHECK ("classes"."current_students" >= 0 and "classes"."current_students" <= "classes"."max_students"),
	CONSTRAINT "classes_enrollment_window_check" CHECK ("classes"."enrollment_end_date" > "classes"."enrollment_start_date"),
	CONSTRAINT "classes_enrollment_before_start_check" CHECK ("classes"."enrollment_end_date" <= "classes"."start_date"),
	CONSTRAINT "classes_dates_check" CHECK ("classes"."end_date" > "classes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"area" "course_area",
	"modality" "modality",
	"duration_months" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"status" "course_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_duration_check" CHECK ("courses"."duration_months" >= 1),
	CONSTRAINT "courses_price_check" CHECK ("courses"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_name" varchar(100) NOT NULL,
	"teacher_phone" varchar(20),
	"teacher_email" varchar(255),
	"specialization" varchar(100) NOT NULL,
	"qualification" varchar(100) NOT NULL,
	"years_of_experience" integer NOT NULL,
	"bio" text,
	"status" "teacher_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_years_check" CHECK ("teachers"."years_of_experience" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "enrollment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"actor_user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" "enrollment_status",
	"to_status" "enrollment_status" NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"student_account_id" uuid,
	"course_id" uuid NOT NULL,
	"class_id" uuid,
	"student_name" varchar(100) NOT NULL,
	"student_phone" varchar(20) NOT NULL,
	"student_email" varchar(255),
	"birth_date" date NOT NULL,
	"father_name" varchar(100),
	"mother_name" varchar(100) NOT NULL,
	"nationality" varchar(100) NOT NULL,
	"birth_place" varchar(100) NOT NULL,
	"province" "province" NOT NULL,
	"municipality" varchar(100) NOT NULL,
	"neighborhood" varchar(100) NOT NULL,
	"qualification" varchar(50) NOT NULL,
	"training_area" varchar(100) NOT NULL,
	"schedule_preference" varchar(20) NOT NULL,
	"id_card_front_file_id" uuid,
	"id_card_back_file_id" uuid,
	"certificate_file_id" uuid,
	"status" "enrollment_status" DEFAULT 'pre_inscrito' NOT NULL,
	"application_date" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_date" timestamp with time zone,
	"approved_by" text,
	"payment_reference_code" varchar(50),
	"payment_reference_sent_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_schedule_check" CHECK ("enrollments"."schedule_preference" in ('manha', 'tarde', 'noite', 'sabado'))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text,
	"kind" "file_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" > 0 and "stored_files"."size" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_account_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"certificate_number" varchar(50) NOT NULL,
	"completion_date" date NOT NULL,
	"issue_date" date NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_certificate_number_unique" UNIQUE("certificate_number")
);
--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_account_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_type" "receipt_file_type" NOT NULL,
	"status" "receipt_status" DEFAULT 'pending' NOT NULL,
	"paid_amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"course_price" numeric(14, 2) NOT NULL,
	"payment_reference_code" varchar(50),
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"notes" text,
	CONSTRAINT "payment_receipts_paid_amount_check" CHECK ("payment_receipts"."paid_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" varchar(50) NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"notes" text,
	"receipt_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"phone" varchar(20),
	"role" "staff_role",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"student_name" varchar(100) NOT NULL,
	"student_phone" varchar(9) NOT NULL,
	"student_email" varchar(255),
	"student_code" varchar(10) NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"enrollment_completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "student_accounts_student_code_unique" UNIQUE("student_code"),
	CONSTRAINT "student_accounts_code_check" CHECK ("student_accounts"."student_code" ~ '^[A-Z0-9]{1,10}$'),
	CONSTRAINT "student_accounts_phone_check" CHECK ("student_accounts"."student_phone" ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_curriculum_file_id_stored_files_id_fk" FOREIGN KEY ("curriculum_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_events" ADD CONSTRAINT "enrollment_events_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_events" ADD CONSTRAINT "enrollment_events_actor_user_id_auth_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_account_id_student_accounts_id_fk" FOREIGN KEY ("student_account_id") REFERENCES "public"."student_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_id_card_front_file_id_stored_files_id_fk" FOREIGN KEY ("id_card_front_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_id_card_back_file_id_stored_files_id_fk" FOREIGN KEY ("id_card_back_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_approved_by_auth_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_auth_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_account_id_student_accounts_id_fk" FOREIGN KEY ("student_account_id") REFERENCES "public"."student_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_student_account_id_student_accounts_id_fk" FOREIGN KEY ("student_account_id") REFERENCES "public"."student_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD CONSTRAINT "payment_receipts_reviewed_by_auth_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_id_payment_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_account_user_id_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_id_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_idx" ON "auth_verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "classes_course_idx" ON "classes" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "courses_status_created_idx" ON "courses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "enrollment_events_enrollment_idx" ON "enrollment_events" USING btree ("enrollment_id","at");--> statement-breakpoint
CREATE INDEX "enrollments_student_account_idx" ON "enrollments" USING btree ("student_account_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "enrollments_class_idx" ON "enrollments" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "certificates_student_idx" ON "certificates" USING btree ("student_account_id");--> statement-breakpoint
CREATE INDEX "payment_receipts_enrollment_idx" ON "payment_receipts" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "payment_receipts_student_idx" ON "payment_receipts" USING btree ("student_account_id");--> statement-breakpoint
CREATE INDEX "payments_enrollment_idx" ON "payments" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");