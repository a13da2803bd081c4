/**
 * Every size and length limit, once: the Zod schemas, the forms' maxLength/max, the server's file
 * checks and the database (varchar lengths and CHECK constraints) all read these.
 */

/** An uploaded file (document, curriculum, receipt): at most 5 MB. */
export const MAX_FILE_MB = 5;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

/**
 * Any request body that is not a multipart upload (JSON, forms, the credential file): at most 64 KB,
 * refused before it is read (decision 048). The largest real one, a course with a 2 000-character
 * description, is under 10 KB.
 */
export const MAX_JSON_BODY_KB = 64;
export const MAX_JSON_BODY_BYTES = MAX_JSON_BODY_KB * 1024;

/** What each upload may be, by its content. */
export const DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export const CURRICULUM_MIME_TYPES = ["application/pdf"] as const;
export const RECEIPT_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;

/** A person's name (staff, student, teacher): 2 to 100 characters. */
export const PERSON_NAME_MIN = 2;
export const NAME_MAX = 100;
/** A phone as typed (with +244, spaces…); a student phone is stored as its 9 digits. */
export const PHONE_MAX = 20;
export const STUDENT_PHONE_DIGITS = 9;
export const EMAIL_MAX = 255;
/** An identity card's number as written ('Nº do BI', e.g. 004512345LA042). */
export const BI_NUMBER_MAX = 20;
/** A short text field (specialization, schedule, the enrolment form's fields). */
export const TEXT_MAX = 100;
/** A description, a bio, notes. */
export const LONG_TEXT_MAX = 2000;
/** The institute's name and a transfer's beneficiary (institute settings). */
export const INSTITUTE_NAME_MAX = 150;
/** An IBAN without spaces: at most 34 characters (ISO 13616). */
export const IBAN_MAX = 34;
export const LOCATION_MAX = 500;

export const STAFF_PASSWORD_MIN = 6;
export const STAFF_PASSWORD_MAX = 100;
/** Student codes are up to 10 letters and digits; student passwords exactly 6. */
export const STUDENT_CODE_MAX = 10;
export const STUDENT_PASSWORD_LENGTH = 6;

export const TEACHER_YEARS_MIN = 0;
export const TEACHER_YEARS_MAX = 50;
export const COURSE_MONTHS_MIN = 1;
export const COURSE_MONTHS_MAX = 120;
/** A course's workload in hours ('Carga horária', optional; decision 021). */
export const COURSE_HOURS_MIN = 1;
export const COURSE_HOURS_MAX = 2000;
export const CLASS_STUDENTS_MIN = 1;
export const CLASS_STUDENTS_MAX = 10_000;
export const CLASS_STUDENTS_DEFAULT = 30;

/** A server-paged admin list (decision 057): rows per page by default and at most; the search's length. */
export const LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE_MAX = 100;
export const LIST_SEARCH_MAX = 100;

/**
 * A bank statement file (issue 33, decision 078), whatever its format: what one import may hold. An honest
 * statement at the 5 MB upload limit is well inside them; a file past one is refused, naming it.
 */
export const STATEMENT_MAX_ROWS = 50_000;
/** The widest table read (the column mapping numbers columns 0 to 200). */
export const STATEMENT_MAX_COLUMNS = 200;
/** Rows × columns of the table read. */
export const STATEMENT_MAX_CELLS = 500_000;
/**
 * An XLSX's parts that are read (workbook, its relationships, the first sheet, shared strings, styles),
 * unzipped, all together: by their declared sizes before inflating, and by the bytes actually inflated.
 */
export const STATEMENT_MAX_UNZIPPED_MB = 40;
export const STATEMENT_MAX_UNZIPPED_BYTES = STATEMENT_MAX_UNZIPPED_MB * 1024 * 1024;

/** Statement lines confirmed in one request (the page sends more in several). */
export const CONFIRM_MAX_LINES = 1000;
