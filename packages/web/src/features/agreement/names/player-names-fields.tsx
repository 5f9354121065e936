/**
 * The two partners' names of the loaded agreement (docs/product.md §11): printed under
 * the PDF's title and on the convention card. Two labelled text fields; a change is kept when the
 * field is left or Enter is pressed, as one edit Undo can take back, and saved with the agreement.
 */
import { InputText } from '../../../components/ui/input-text';
import { useId, useState } from 'react';
import { MAX_PLAYER_NAME_LENGTH } from '@bpa/domain/contract';

export interface PlayerNamesFieldsProps {
  playerNames: readonly [string, string] | undefined;
  isReadOnly: boolean;
  onChange: (playerNames: [string, string]) => void;
}

export function PlayerNamesFields({ playerNames, isReadOnly, onChange }: PlayerNamesFieldsProps) {
  const [draft, setDraft] = useState<[string, string]>(() => [playerNames?.[0] ?? '', playerNames?.[1] ?? '']);
  const firstId = useId();
  const secondId = useId();
  // Undo, a load or a merge changes the names under the fields: the fields follow (React's
  // "adjusting state when a prop changes", without an effect).
  const stored0 = playerNames?.[0] ?? '';
  const stored1 = playerNames?.[1] ?? '';
  const [shown, setShown] = useState(`${stored0}\u0000${stored1}`);
  if (shown !== `${stored0}\u0000${stored1}`) {
    setShown(`${stored0}\u0000${stored1}`);
    setDraft([stored0, stored1]);
  }

  const commit = () => {
    if (draft[0].trim() !== stored0 || draft[1].trim() !== stored1) onChange(draft);
  };
  const field = (index: 0 | 1, id: string, label: string) => (
    <span className="player-name-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        value={draft[index]}
        maxLength={MAX_PLAYER_NAME_LENGTH}
        readOnly={isReadOnly}
        autoComplete="name"
        onChange={(event) => setDraft(index === 0 ? [event.target.value, draft[1]] : [draft[0], event.target.value])}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </span>
  );
  return (
    <fieldset className="player-names">
      <legend>Players</legend>
      {field(0, firstId, 'Player 1')}
      {field(1, secondId, 'Player 2')}
    </fieldset>
  );
}
