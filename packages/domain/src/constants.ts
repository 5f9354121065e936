/**
 * Business constants and limits of the product.
 *
 * Source: product spec section 9 ("Business constants and limits") and section 1 (trial versus
 * full program); design sections 4 and 6. Everything here is a plain value so that the web app,
 * the server and the tests read the same numbers.
 */

/** Product title shown on screen (design section 1). */
export const PRODUCT_TITLE = 'Bridge Partnership Agreements';

/** Price of one year's subscription, in cents (spec 9: $15, shown with .00). */
export const PRICE_CENTS = 1500;
/** Length of a subscription in years (spec 9). */
export const SUBSCRIPTION_YEARS = 1;
/** Agreements a subscriber keeps, one per partner (spec 1, 9). */
export const SUBSCRIBER_AGREEMENT_COUNT = 5;
/** Agreements in the free trial (spec 1, 9). */
export const TRIAL_AGREEMENT_COUNT = 1;
/** Categories in every agreement and template (spec 1, 9). */
export const CATEGORY_COUNT = 13;
/** The two categories a guest may open in the trial, exactly as named in spec section 1. */
export const TRIAL_CATEGORY_NAMES = ['Overcalls', 'Doubles and Redoubles'] as const;
/** Templates a subscriber can start from (spec 1, 9). */
export const TEMPLATE_COUNT = 6;
/** Name of the hidden template the trial agreement comes from (spec 3, design 4). */
export const FREE_TRIAL_TEMPLATE_NAME = 'Free Trial Agreement';
/** Name of the empty template every subscriber agreement starts from (design 4). */
export const BLANK_TEMPLATE_NAME = 'Blank';

/** Minimum password length (spec 5, 9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Minimum contact message length (spec 5, 9). */
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
/** Minimum name length on the (disabled) register form (spec 5, 9). */
export const MIN_REGISTER_NAME_LENGTH = 2;
/** Largest master CSV upload, in bytes (spec 5, 9). */
export const MAX_UPLOAD_BYTES = 1_000_000;

/** A name starting with this marks a placeholder row (spec 3, 9). */
export const PLACEHOLDER_PREFIX = 'button';
/** Original name given to subjects and options a user adds (spec 9: "User added"). */
export const USER_ADDED_LABEL = 'User added';
/** Text shown on the placeholder subject row (spec 3). */
export const ADD_SUBJECT_LABEL = 'Add New Subject';
/** Text shown on the placeholder option row (spec 3). */
export const ADD_OPTION_LABEL = 'Add New Option';

/** Longest name of a category, subject, option, template or agreement, in characters (design 6). */
export const MAX_NAME_LENGTH = 500;
/** Most subjects in one category (guards request size; the largest template has far fewer). */
export const MAX_SUBJECTS_PER_CATEGORY = 400;
/** Most options under one subject. */
export const MAX_OPTIONS_PER_SUBJECT = 60;

/** Admin tables paginate only with more rows than this (spec 9). */
export const ADMIN_PAGE_SIZE = 10;
/** Page-size choices of admin tables (spec 9). */
export const ADMIN_PAGE_SIZE_OPTIONS = [10, 20, 50] as const;
/** How long a toast stays, in milliseconds (spec 9). */
export const TOAST_LIFE_MS = 3000;
/** How long the browser waits for a lazily loaded route chunk, in milliseconds (spec 2, 8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Layout breakpoints in CSS pixels (spec 2). */
export const BREAKPOINTS_PX = [576, 768, 992, 1200, 1400] as const;
