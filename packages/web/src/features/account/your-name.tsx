/**
 * "Your name, as partners see it" on the dashboard (docs/sharing.md §11): the name History, marks,
 * conflicts and "shared by" show for this account, which partners would otherwise know only by its
 * email address. Saved with PATCH /api/v1/users/me/name; an empty name shows the email again.
 */
import { InputText } from '../../components/ui/input-text';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { MAX_USER_NAME_LENGTH } from '@bpa/domain/api-users';
import { useAppSelector } from '../../lib/hooks';
import { toErrorMessage } from '../../lib/error-message';
import { selectSession } from './session-slice';
import { useSetUserNameMutation } from './account-api';

export function YourName() {
  const { userName, email } = useAppSelector(selectSession);
  const shown = userName === email ? '' : userName;
  const [draft, setDraft] = useState<string | null>(null);
  const [setUserName, state] = useSetUserNameMutation();
  const [message, setMessage] = useState<{ text: string; isProblem: boolean } | null>(null);
  const inputId = useId();
  const hintId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const user = await setUserName((draft ?? shown).trim()).unwrap();
      setDraft(null);
      setMessage({
        text: user.userName === user.email ? 'Partners now see your email address.' : `Partners now see you as ${user.userName}.`,
        isProblem: false,
      });
    } catch (error) {
      setMessage({ text: toErrorMessage(error), isProblem: true });
    }
  };

  return (
    <form className="your-name" onSubmit={(event) => void save(event)}>
      <label id={`${inputId}-label`} htmlFor={inputId}>
        Your name, as partners see it
      </label>
      <InputText
        id={inputId}
        value={draft ?? shown}
        maxLength={MAX_USER_NAME_LENGTH}
        placeholder={email}
        aria-describedby={hintId}
        onChange={(event) => {
          setDraft(event.target.value);
          setMessage(null);
        }}
      />
      <Button type="submit" label="Save name" size="small" outlined loading={state.isLoading} disabled={draft === null} />
      <small id={hintId} className="your-name-hint">
        Shown in History, marks and conflicts. Leave it empty to show your email address.
      </small>
      <p role={message?.isProblem ? 'alert' : 'status'} className={message?.isProblem ? 'field-problem' : undefined}>
        {message?.text ?? ''}
      </p>
    </form>
  );
}
