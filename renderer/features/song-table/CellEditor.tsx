import { OptionList } from '../ui/OptionList';
import type { Column } from './columns';
import { CustomFieldEditor } from './editors/CustomFieldEditor';
import { FileEditor } from './editors/FileEditor';
import { NotesEditor } from './editors/NotesEditor';
import { TagsEditor } from './editors/TagsEditor';
import { TextEditor } from './editors/TextEditor';
import type { EditorProps } from './editors/types';
import styles from './editors/editors.module.css';

const NONE = '—';

/** The editor of the active cell, chosen by the column. */
export function CellEditor({ column, ...props }: EditorProps & { column: Column }) {
  const { song, save, close } = props;
  const editor = column.editor;
  switch (editor.kind) {
    case 'text':
      return (
        <TextEditor
          label={column.label}
          initial={song[editor.field]}
          save={(value) => save({ [editor.field]: editor.field === 'name' ? value.trim() || song.name : value.trim() })}
          close={close}
        />
      );
    case 'select': {
      const current = song[editor.field];
      return (
        <div className={styles.dropdown}>
        <OptionList
          label={column.label}
          options={editor.clearable ? [NONE, ...editor.options] : editor.options}
          value={current === '' ? NONE : current}
          onPick={(option, move) => {
            const next = option === NONE ? '' : option;
            if (next !== current) save({ [editor.field]: next });
            close(move);
          }}
          onCancel={() => close(null)}
        />
        </div>
      );
    }
    case 'tags':
      return <TagsEditor {...props} />;
    case 'notes':
      return <NotesEditor {...props} />;
    case 'file':
      return <FileEditor {...props} which={editor.which} />;
    case 'custom':
      return <CustomFieldEditor {...props} field={editor.field} />;
    case 'readonly':
      return null;
  }
}
