import { useState } from 'react';
import type { CustomField } from '../../../common/songs/custom-fields';
import { customFieldKey } from '../../../common/songs/custom-fields';
import type { Filter } from '../../../common/views/query';
import controls from '../ui/controls.module.css';
import styles from './ViewPanels.module.css';

type FilterField = Filter['field'];
type FilterOp = Filter['op'];

/** The fields a view can filter on, with the labels the table uses. */
const BUILT_IN_FIELDS: Array<{ field: FilterField; label: string; numeric?: boolean; date?: boolean }> = [
  { field: 'name', label: 'Name' },
  { field: 'status', label: 'Status' },
  { field: 'priority', label: 'Priority' },
  { field: 'tier', label: 'Tier' },
  { field: 'tags', label: 'Tags' },
  { field: 'tempo', label: 'Tempo', numeric: true },
  { field: 'key', label: 'Key' },
  { field: 'timeSignature', label: 'Time signature' },
  { field: 'notes', label: 'Notes' },
  { field: 'fileName', label: 'Audio file' },
  { field: 'projectPath', label: 'Project folder' },
  { field: 'daw', label: 'DAW' },
  { field: 'missing', label: 'Missing project' },
  { field: 'plugins', label: 'Plug-ins' },
  { field: 'modifiedAt', label: 'Modified', date: true },
  { field: 'createdAt', label: 'Created', date: true },
];

const OP_LABELS: Record<FilterOp, string> = { equals: 'is', contains: 'contains', range: 'between', hasTag: 'has tag' };

function opsFor(field: FilterField, numeric: boolean): FilterOp[] {
  if (field === 'tags') return ['hasTag', 'contains'];
  if (numeric) return ['range', 'equals'];
  return ['equals', 'contains'];
}

function blankFilter(field: FilterField, numeric: boolean): Filter {
  if (field === 'tags') return { op: 'hasTag', field: 'tags', value: '' };
  if (numeric) return { op: 'range', field };
  return { op: 'equals', field, value: '' };
}

function toDateInput(ms: number | undefined): string {
  return ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);
}

/** A view's filters, each on any field: equals, contains, range or has tag. Every change is saved on the view. */
export function FiltersPanel({ filters: saved, fields, onChange: save }: { filters: Filter[]; fields: CustomField[]; onChange: (filters: Filter[]) => void }) {
  // The rows being typed live here; the view gets them as they change (the page keeps only complete ones).
  const [filters, setFilters] = useState(saved);
  const onChange = (next: Filter[]) => {
    setFilters(next);
    save(next);
  };
  const choices = [
    ...BUILT_IN_FIELDS,
    ...fields.map((field) => ({ field: customFieldKey(field.id) as FilterField, label: field.name, numeric: field.type === 'number', date: false })),
  ];
  const info = (field: FilterField) => choices.find((choice) => choice.field === field);
  const replace = (index: number, next: Filter) => onChange(filters.map((filter, at) => (at === index ? next : filter)));

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>Filters</h3>
      {filters.length === 0 ? <p className={styles.muted}>No filters: every song of the view is shown.</p> : null}
      {filters.map((filter, index) => {
        const meta = info(filter.field);
        const numeric = Boolean(meta?.numeric || meta?.date);
        return (
          <div key={index} className={styles.filterRow} data-testid="filter-row">
            <select
              className={`${controls.select} ${controls.small}`}
              aria-label="Filter field"
              value={filter.field}
              onChange={(event) => {
                const field = event.target.value as FilterField;
                const next = info(field);
                replace(index, blankFilter(field, Boolean(next?.numeric || next?.date)));
              }}
            >
              {choices.map((choice) => (
                <option key={choice.field} value={choice.field}>
                  {choice.label}
                </option>
              ))}
            </select>
            <select
              className={`${controls.select} ${controls.small}`}
              aria-label="Filter operator"
              value={filter.op}
              onChange={(event) => {
                const op = event.target.value as FilterOp;
                if (op === 'range') replace(index, { op, field: filter.field });
                else if (op === 'hasTag') replace(index, { op, field: 'tags', value: '' });
                else {
                  const value = 'value' in filter ? filter.value : '';
                  replace(index, op === 'equals' ? { op, field: filter.field, value } : { op, field: filter.field, value });
                }
              }}
            >
              {opsFor(filter.field, numeric).map((op) => (
                <option key={op} value={op}>
                  {OP_LABELS[op]}
                </option>
              ))}
            </select>
            {filter.op === 'range' ? (
              <span className={styles.range}>
                <input
                  className={`${controls.input} ${controls.small}`}
                  aria-label="From"
                  type={meta?.date ? 'date' : 'number'}
                  value={meta?.date ? toDateInput(filter.min) : (filter.min ?? '')}
                  onChange={(event) => replace(index, withBound(filter, 'min', event.target.value, Boolean(meta?.date)))}
                />
                <input
                  className={`${controls.input} ${controls.small}`}
                  aria-label="To"
                  type={meta?.date ? 'date' : 'number'}
                  value={meta?.date ? toDateInput(filter.max) : (filter.max ?? '')}
                  onChange={(event) => replace(index, withBound(filter, 'max', event.target.value, Boolean(meta?.date)))}
                />
              </span>
            ) : (
              <input
                className={`${controls.input} ${controls.small}`}
                aria-label="Filter value"
                value={filter.value}
                placeholder={filter.field === 'missing' ? 'true or false' : 'Value'}
                onChange={(event) => replace(index, { ...filter, value: event.target.value })}
              />
            )}
            <button type="button" className={`${controls.ghost} ${controls.small}`} aria-label="Remove filter" onClick={() => onChange(filters.filter((_, at) => at !== index))}>
              ×
            </button>
          </div>
        );
      })}
      <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => onChange([...filters, blankFilter('status', false)])}>
        Add filter
      </button>
    </div>
  );
}

function withBound(filter: Extract<Filter, { op: 'range' }>, bound: 'min' | 'max', text: string, date: boolean): Filter {
  const next = { ...filter };
  if (text === '') delete next[bound];
  else next[bound] = date ? Date.parse(`${text}T00:00:00Z`) + (bound === 'max' ? 86_399_999 : 0) : Number(text);
  return next;
}
