/**
 * Contact Us (`/contact` and `/my/contact`; docs/product.md §2 "Contact Us: name, email, message, captcha,
 * Send Message").
 *
 * - Rules (docs/product.md §5, ContactMessageSchema): name optional; email valid, else "Enter valid Email!";
 *   message at least 10 characters, else "Message must be at least 10 characters"; captcha solved.
 * - docs/product.md §4: Send Message is disabled until the captcha is solved and while sending; afterwards
 *   "Your message was sent" shows and the form is emptied for another message.
 * - A failure (docs/product.md §8 leaves it open) shows the reason in the page and keeps everything typed; a
 *   fresh captcha is solved at once, since a used or expired one is refused.
 */
import { InputText, InputTextarea } from '../../components/ui/input-text';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { MESSAGES } from '@bpa/domain/messages';
import { ContactMessageSchema } from '@bpa/domain/validation';
import { toErrorMessage } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type CaptchaState, CaptchaWidget } from './captcha-widget';
import { useSendContactMessageMutation } from './contact-api';
import './contact.css';

type ContactField = 'mailName' | 'mailEmail' | 'mailMessage';
type ContactValues = Record<ContactField, string>;
type FieldProblems = Partial<Record<ContactField, string>>;

const EMPTY_VALUES: ContactValues = { mailName: '', mailEmail: '', mailMessage: '' };

/** Shown beside the disabled Send Message button, so it is clear why it cannot be pressed yet. */
export const CAPTCHA_PENDING_TEXT = 'Send Message becomes available once the captcha below the message is solved.';
export const CAPTCHA_SOLVING_TEXT = 'Checking that you are not a robot…';
export const CAPTCHA_FAILED_TEXT = 'The captcha could not be solved. Please tick the box to try again.';

/** The first message of each field of the contact rules (docs/product.md §5); empty when all is well. */
function problemsOf(values: ContactValues): FieldProblems {
  const parsed = ContactMessageSchema.safeParse(values);
  if (parsed.success) return {};
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'mailName' || field === 'mailEmail' || field === 'mailMessage') && problems[field] === undefined) problems[field] = issue.message;
  }
  return problems;
}

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const [sendContactMessage, { isLoading: isSending }] = useSendContactMessageMutation();
  const [values, setValues] = useState<ContactValues>(EMPTY_VALUES);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [captchaState, setCaptchaState] = useState<CaptchaState>('unverified');
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  /** A new number mounts a new captcha widget (a solved captcha is good for one message). */
  const [captchaRound, setCaptchaRound] = useState(0);
  const [shouldStartCaptchaAtOnce, setStartCaptchaAtOnce] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'sent' | 'failed'; text: string } | null>(null);
  const nameId = useId();
  const emailId = useId();
  const messageId = useId();
  const sendHintId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const onCaptchaChange = useCallback((state: CaptchaState, payload: string | null) => {
    setCaptchaState(state);
    setCaptchaPayload(payload);
  }, []);

  const newCaptcha = (shouldStartAtOnce: boolean) => {
    setCaptchaPayload(null);
    setCaptchaState('unverified');
    setStartCaptchaAtOnce(shouldStartAtOnce);
    setCaptchaRound((round) => round + 1);
  };

  const change = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasTriedSubmit) setProblems(problemsOf(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    const found = problemsOf(values);
    setProblems(found);
    const firstField = (['mailName', 'mailEmail', 'mailMessage'] as const).find((field) => found[field] !== undefined);
    if (firstField) {
      const fieldRefs = { mailName: nameRef, mailEmail: emailRef, mailMessage: messageRef };
      fieldRefs[firstField].current?.focus();
      return;
    }
    if (captchaPayload === null) return;
    setOutcome(null);
    const parsed = ContactMessageSchema.parse(values);
    try {
      const sentText = await sendContactMessage({ ...parsed, altcha: captchaPayload }).unwrap();
      setOutcome({ kind: 'sent', text: sentText || MESSAGES.messageSent });
      setValues(EMPTY_VALUES);
      setTriedSubmit(false);
      newCaptcha(false);
    } catch (error) {
      // Everything typed stays; the captcha may have been used up, so a fresh one is solved now.
      setOutcome({ kind: 'failed', text: toErrorMessage(error) });
      newCaptcha(true);
    }
  };

  const isSendDisabled = captchaPayload === null || isSending;
  const sendHint = captchaState === 'verifying' ? CAPTCHA_SOLVING_TEXT : captchaState === 'error' ? CAPTCHA_FAILED_TEXT : CAPTCHA_PENDING_TEXT;

  return (
    <section className="contact-page" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact Us</h1>
      <p className="lead-text">Questions about your agreements, your account or the templates? Write to us and we will answer by email.</p>
      <div className="contact-card">
        {outcome?.kind === 'sent' && (
          <div className="contact-notice contact-notice-success" role="status">
            <span className="pi pi-check-circle" aria-hidden="true" />
            <p className="mb-0">{outcome.text}</p>
          </div>
        )}
        {outcome?.kind === 'failed' && (
          <div className="contact-notice contact-notice-error" role="alert">
            <span className="pi pi-times-circle" aria-hidden="true" />
            <p className="mb-0">Your message was not sent: {outcome.text} What you typed is still here.</p>
          </div>
        )}
        <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="contact-title">
          <FieldRow inputId={nameId} label="Name (optional)" problem={problems.mailName}>
            <InputText
              ref={nameRef}
              id={nameId}
              name="mailName"
              autoComplete="name"
              value={values.mailName}
              maxLength={200}
              invalid={problems.mailName !== undefined}
              {...ariaOf(nameId, problems.mailName)}
              onChange={(event) => change('mailName', event.target.value)}
              className="contact-input"
            />
          </FieldRow>
          <FieldRow inputId={emailId} label="Email" problem={problems.mailEmail}>
            <InputText
              ref={emailRef}
              id={emailId}
              name="mailEmail"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={values.mailEmail}
              invalid={problems.mailEmail !== undefined}
              {...ariaOf(emailId, problems.mailEmail)}
              onChange={(event) => change('mailEmail', event.target.value)}
              className="contact-input"
            />
          </FieldRow>
          <FieldRow inputId={messageId} label="Message (at least 10 characters)" problem={problems.mailMessage}>
            <InputTextarea
              ref={messageRef}
              id={messageId}
              name="mailMessage"
              rows={6}
              required
              maxLength={10_000}
              value={values.mailMessage}
              invalid={problems.mailMessage !== undefined}
              {...ariaOf(messageId, problems.mailMessage)}
              onChange={(event) => change('mailMessage', event.target.value)}
              className="contact-input"
            />
          </FieldRow>
          <div className="contact-captcha">
            <CaptchaWidget key={captchaRound} onChange={onCaptchaChange} shouldStartAtOnce={shouldStartCaptchaAtOnce} />
          </div>
          <Button
            type="submit"
            label="Send Message"
            icon="pi pi-send"
            loading={isSending}
            disabled={isSendDisabled}
            aria-describedby={isSendDisabled && !isSending ? sendHintId : undefined}
            className="contact-submit"
          />
          {isSendDisabled && !isSending && (
            <small id={sendHintId} className="contact-hint" aria-live="polite">
              {sendHint}
            </small>
          )}
        </form>
      </div>
    </section>
  );
}

/** ARIA attributes of a field with an optional problem. */
function ariaOf(inputId: string, problem: string | undefined) {
  return problem ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-problem` } : { 'aria-invalid': false as const };
}

/** A label, the input (children) and the field's problem under it. */
function FieldRow({ inputId, label, problem, children }: { inputId: string; label: string; problem: string | undefined; children: ReactNode }) {
  return (
    <div className="contact-field">
      <label htmlFor={inputId} className="contact-label">
        {label}
      </label>
      {children}
      {problem && (
        <small id={`${inputId}-problem`} className="contact-problem">
          <span className="pi pi-exclamation-circle" aria-hidden="true" /> {problem}
        </small>
      )}
    </div>
  );
}
