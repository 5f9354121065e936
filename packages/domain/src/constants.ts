/**
 * Business constants and limits of the product.
 *
 * Source: product docs/product.md §9 ("Business constants and limits") and section 1 (trial versus
 * full program); design sections 4 and 6. Everything here is a plain value so that the web app,
 * the server and the tests read the same numbers.
 */

/** Product title shown on screen (docs/product.md §D1). */
export const PRODUCT_TITLE = 'Bridge Partnership Agreements';

/** Price of one year's subscription, in cents (docs/product.md §9: $15, shown with .00). */
export const PRICE_CENTS = 1500;
/** Length of a subscription in years (docs/product.md §9). */
export const SUBSCRIPTION_YEARS = 1;
/** Agreements a subscriber keeps, one per partner (docs/product.md §1, 9). */
export const SUBSCRIBER_AGREEMENT_COUNT = 5;
/** Agreements in the free trial (docs/product.md §1, 9). */
export const TRIAL_AGREEMENT_COUNT = 1;
/** Categories in every agreement and template (docs/product.md §1, 9). */
export const CATEGORY_COUNT = 13;
/** The two categories a guest may open in the trial, exactly as named in docs/product.md §1. */
export const TRIAL_CATEGORY_NAMES = ['Overcalls', 'Doubles and Redoubles'] as const;
/** Templates a subscriber can start from (docs/product.md §1, 9). */
export const TEMPLATE_COUNT = 6;
/** Name of the hidden template the trial agreement comes from (docs/product.md §3, docs/product.md §D4). */
export const FREE_TRIAL_TEMPLATE_NAME = 'Free Trial Agreement';
/** Name of the empty template every subscriber agreement starts from (docs/product.md §D4). */
export const BLANK_TEMPLATE_NAME = 'Blank';

/** Minimum password length (docs/product.md §5, 9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Minimum contact message length (docs/product.md §5, 9). */
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
/** Minimum name length on the (disabled) register form (docs/product.md §5, 9). */
export const MIN_REGISTER_NAME_LENGTH = 2;
/** Largest master CSV upload, in bytes (docs/product.md §5, 9). */
export const MAX_UPLOAD_BYTES = 1_000_000;

/** A name starting with this marks a placeholder row (docs/product.md §3, 9). */
export const PLACEHOLDER_PREFIX = 'button';
/** Original name given to subjects and options a user adds (docs/product.md §9: "User added"). */
export const USER_ADDED_LABEL = 'User added';
/**
 * The heading user-added subjects sit under where others read the agreement (the PDF, the read-only
 * page; docs/product.md §16): "User added" is the editor's word for them, not the opponents'.
 */
export const OTHER_AGREEMENTS_HEADING = 'Other agreements';
/** Text shown on the placeholder subject row (docs/product.md §3). */
export const ADD_SUBJECT_LABEL = 'Add New Subject';
/** Text shown on the placeholder option row (docs/product.md §3). */
export const ADD_OPTION_LABEL = 'Add New Option';

/*
 * Bounds on the work one request can ask for (ADR 130, docs/product.md §D11: a PDF's cost grows with its rows and
 * their length). Chosen well above the largest shipped template (templates/: at most 29 subjects in
 * a category, 12 options under a subject, names of at most 93 characters) plus generous user
 * additions. The schemas (contract.ts) answer 400 naming the limit; the editor stops offering
 * "Add New Subject"/"Add New Option" at the limit (editing.ts), so nobody types work that cannot be saved.
 */
/** Longest name of a category, subject, option, template or agreement, in characters (docs/product.md §D6), colour marks included. */
export const MAX_NAME_LENGTH = 500;
/**
 * Longest note of a subject or a category, in characters, colour marks and suit shorthand included
 * (docs/agreement-format.md, "Notes"): a paragraph or two of what the partnership agreed.
 */
export const MAX_NOTE_LENGTH = 2000;
/** Most subjects in one category, placeholder row included: the largest template's 29 plus 70 of the user's. */
export const MAX_SUBJECTS_PER_CATEGORY = 100;
/** Most options under one subject, placeholder row included: the largest template's 12 plus 18 of the user's. */
export const MAX_OPTIONS_PER_SUBJECT = 30;
/**
 * Largest body of a request that carries a whole agreement (a save, a PDF, the card, the compare
 * PDF), in bytes: the largest template's agreement is about 300 kB of JSON, the longest names and
 * most items the schema allows stay under 2 MiB.
 */
export const AGREEMENT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/**
 * Largest body of every other request, in bytes (names, emails, marks, shares, a few ids): a
 * signed-in client cannot make the server parse megabytes of JSON on a route that needs a few
 * hundred bytes (docs/decisions/191-admission-by-cost.md).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * Largest body of a guest PDF request (POST /api/v1/contracts/pdf-guest), in bytes. Only the two
 * trial categories are printed (docs/product.md §1), so the web app sends the other eleven empty: the two trial
 * categories as shipped are about 47 kB of JSON, and 256 KiB leaves room for about 200 kB of
 * the guest's own subjects and options (some 300 options with 500-character names). Far below
 * the 2 MB limit of a subscriber's agreement; beyond it the answer is 413 naming the limit.
 */
export const GUEST_PDF_BODY_LIMIT_BYTES = 256 * 1024;

/** Admin tables paginate only with more rows than this (docs/product.md §9). */
export const ADMIN_PAGE_SIZE = 10;
/** Page-size choices of admin tables (docs/product.md §9). */
export const ADMIN_PAGE_SIZE_OPTIONS = [10, 20, 50] as const;
/** How long a toast stays, in milliseconds (docs/product.md §9). */
export const TOAST_LIFE_MS = 3000;
/** How long the browser waits for a lazily loaded route chunk, in milliseconds (docs/product.md §2, 8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Layout breakpoints in CSS pixels (docs/product.md §2). */
export const BREAKPOINTS_PX = [576, 768, 992, 1200, 1400] as const;

/** The largest file an agreement import takes, in bytes (docs/product.md §12; a PDF of the largest agreement is about 150 kB). */
export const MAX_IMPORT_BYTES = 2_000_000;

/** How long an email-confirmation link works, in milliseconds (docs/product.md §D8: 7 days). */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password-reset link works, in milliseconds (docs/product.md §D8: 1 hour). */
export const PASSWORD_RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** How long an invitation link works, in milliseconds (docs/product.md §D8: 7 days). */
export const INVITATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
