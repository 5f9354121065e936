/** The players' names fields (player-names-fields.tsx) in jsdom: a change is kept on leaving the field or Enter. */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlayerNamesFields } from './player-names-fields';

/** The fields as the editor holds them: the names come back from the store after a change. */
function Stored({ onChange }: { onChange: (names: [string, string]) => void }) {
  const [names, setNames] = useState<[string, string]>(['Anna', '']);
  return (
    <PlayerNamesFields
      playerNames={names}
      isReadOnly={false}
      onChange={(next) => {
        onChange(next);
        setNames([next[0].trim(), next[1].trim()]);
      }}
    />
  );
}

describe('PlayerNamesFields', () => {
  it('keeps a change when the field is left or Enter is pressed, not on every key', async () => {
    const onChange = vi.fn();
    render(<Stored onChange={onChange} />);
    expect((screen.getByLabelText('Player 1') as HTMLInputElement).value).toBe('Anna');
    await userEvent.type(screen.getByLabelText('Player 2'), 'Bob');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Anna', 'Bob']);
    await userEvent.click(screen.getByLabelText('Player 1'));
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows names changed elsewhere (Undo), and cannot be changed read-only', async () => {
    const { rerender } = render(<PlayerNamesFields playerNames={['Anna', 'Bob']} isReadOnly={false} onChange={() => undefined} />);
    rerender(<PlayerNamesFields playerNames={undefined} isReadOnly onChange={() => undefined} />);
    const first = screen.getByLabelText('Player 1') as HTMLInputElement;
    expect(first.value).toBe('');
    expect(first.readOnly).toBe(true);
  });
});
