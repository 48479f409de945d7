import { useState, type FormEvent } from 'react';
import { CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType } from '../../../common/songs/custom-fields';
import { useAddFieldMutation, useFieldsQuery, useRemoveFieldMutation, useUpdateFieldMutation } from '../../api/songshelf-api';
import { ConfirmDialog, Modal } from '../ui/Modal';
import controls from '../ui/controls.module.css';
import { errorMessage } from '../ui/tier-limits';
import styles from './FieldsModal.module.css';

/** `/:viewId/modal/fields`: the user's own columns: add, rename, edit a select's options, remove. */
export function FieldsModal({ onClose }: { onClose: () => void }) {
  const { data: fields = [] } = useFieldsQuery();
  const [addField] = useAddFieldMutation();
  const [updateField] = useUpdateFieldMutation();
  const [removeField] = useRemoveFieldMutation();
  const [name, setName] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [options, setOptions] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CustomField | null>(null);

  const splitOptions = (text: string) => [...new Set(text.split(',').map((option) => option.trim()).filter(Boolean))];
  const isSelect = (kind: CustomFieldType) => kind === 'singleSelect' || kind === 'multiSelect';

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await addField({ name: name.trim(), type, ...(isSelect(type) ? { options: splitOptions(options) } : {}) });
    if ('error' in result) setError(errorMessage(result.error, 'The field could not be added.'));
    else {
      setName('');
      setOptions('');
    }
  };

  const update = async (field: CustomField, patch: { name?: string; options?: string[] }) => {
    setError(null);
    const result = await updateField({ id: field.id, patch });
    if ('error' in result) setError(errorMessage(result.error, 'The field could not be changed.'));
  };

  return (
    <Modal title="Your fields" onClose={onClose}>
      <p className={styles.intro}>Add your own columns to every song: text, numbers, selects, dates or checkboxes.</p>
      <ul className={styles.list}>
        {fields.map((field) => (
          <li key={field.id} className={styles.field} data-testid="custom-field">
            <input className={controls.input} aria-label={`Name of ${field.name}`} defaultValue={field.name} onBlur={(event) => event.target.value.trim() !== field.name && void update(field, { name: event.target.value.trim() })} />
            <span className={styles.type}>{CUSTOM_FIELD_TYPE_LABELS[field.type]}</span>
            {isSelect(field.type) ? (
              <input
                className={controls.input}
                aria-label={`Options of ${field.name}`}
                defaultValue={field.options.join(', ')}
                onBlur={(event) => void update(field, { options: splitOptions(event.target.value) })}
              />
            ) : (
              <span />
            )}
            <button type="button" className={controls.ghost} aria-label={`Remove ${field.name}`} onClick={() => setRemoving(field)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form className={styles.addForm} onSubmit={(event) => void add(event)}>
        <label className={controls.label}>
          Field name
          <input className={controls.input} value={name} onChange={(event) => setName(event.target.value)} maxLength={500} />
        </label>
        <label className={controls.label}>
          Type
          <select className={controls.select} value={type} onChange={(event) => setType(event.target.value as CustomFieldType)}>
            {CUSTOM_FIELD_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {CUSTOM_FIELD_TYPE_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        {isSelect(type) ? (
          <label className={controls.label}>
            Options (comma-separated)
            <input className={controls.input} value={options} onChange={(event) => setOptions(event.target.value)} placeholder="Vocals, Guitar, Synth" />
          </label>
        ) : null}
        <button type="submit" className={controls.primary} disabled={!name.trim()}>
          Add field
        </button>
      </form>
      {error ? (
        <p className={controls.error} role="alert">
          {error}
        </p>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove “${removing.name}”?`}
          message="The column and its value in every song are removed. This cannot be undone."
          confirmLabel="Remove field"
          onConfirm={() => {
            const field = removing;
            setRemoving(null);
            void removeField({ id: field.id }).then((result) => 'error' in result && setError(errorMessage(result.error, 'The field could not be removed.')));
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </Modal>
  );
}
