import { useState } from 'react';
import type { CustomField } from '../../../../common/songs/custom-fields';
import type { JsonValue } from '../../../../common/bridge/schema-parts';
import { useUpdateFieldMutation } from '../../../api/songshelf-api';
import { OptionList } from '../../ui/OptionList';
import { ChipsEditor } from './TagsEditor';
import { TextEditor } from './TextEditor';
import type { EditorProps } from './types';
import styles from './editors.module.css';

const NONE = '—';

/** A user-defined field's editor, by its type. A select offers to create the option that was typed. */
export function CustomFieldEditor({ song, save, close, field }: EditorProps & { field: CustomField }) {
  const [updateField] = useUpdateFieldMutation();
  const [typed, setTyped] = useState('');
  const value = song.custom[field.id] ?? null;
  const set = (next: JsonValue) => save({ custom: { [field.id]: next } });
  const addOption = async (option: string) => {
    const result = await updateField({ id: field.id, patch: { options: [...field.options, option] } });
    return !('error' in result);
  };

  switch (field.type) {
    case 'text':
    case 'number':
    case 'date':
      return (
        <TextEditor
          label={field.name}
          type={field.type}
          initial={value === null ? '' : String(value as string | number)}
          save={(text) => set(field.type === 'number' && text.trim() !== '' ? Number(text) : text)}
          close={close}
        />
      );
    case 'checkbox':
      // A checkbox needs no editor: Enter or a click toggles it (see the table).
      return null;
    case 'singleSelect':
      return (
        <div className={styles.dropdown}>
        <OptionList
          label={field.name}
          options={[NONE, ...field.options]}
          value={typeof value === 'string' ? value : NONE}
          onPick={(option, move) => {
            set(option === NONE ? null : option);
            close(move);
          }}
          onCancel={() => close(null)}
          onCreate={(option) =>
            void addOption(option).then((added) => {
              if (added) set(option);
              close(null);
            })
          }
          filterable
        />
        </div>
      );
    case 'multiSelect': {
      const values = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
      return (
        <ChipsEditor
          label={field.name}
          values={values}
          typed={typed}
          onTyped={setTyped}
          offered={field.options.filter((option) => option.toLowerCase().includes(typed.trim().toLowerCase()))}
          allowNew
          save={(next) => {
            const created = next.filter((option) => !field.options.includes(option));
            if (created.length === 0) set(next);
            else void updateField({ id: field.id, patch: { options: [...field.options, ...created] } }).then(() => set(next));
          }}
          close={close}
        />
      );
    }
  }
}
