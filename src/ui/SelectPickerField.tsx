/**
 * A form field that opens the select picker: its label, the current value and, when tapped, the
 * modal list. `useSelectPicker` is the open/close gate of SPEC §4 and §8: opening answers a promise
 * of the picker's result, and a disabled or already-open picker rejects instead of opening twice.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { SelectPicker, type PickerResult, type SelectPickerProps } from './SelectPicker';
import { PickerGate, PickerRefusedError } from './SelectPickerModel';

export type PickerOptions = Omit<SelectPickerProps, 'onClose'>;

export interface SelectPickerHandle {
  /** Opens the picker; rejects with PickerRefusedError when disabled or already open. */
  open(options: PickerOptions, isDisabled?: boolean): Promise<PickerResult>;
  /** The open picker, to be rendered by the owner (null while closed). */
  element: ReactNode;
}

export function useSelectPicker(): SelectPickerHandle {
  const gate = useRef(new PickerGate<PickerResult>());
  const [options, setOptions] = useState<PickerOptions | null>(null);

  function open(next: PickerOptions, isDisabled = false): Promise<PickerResult> {
    const session = gate.current.open(isDisabled);
    // Only a session the gate accepted shows a picker; a refused one rejects and changes nothing.
    if (gate.current.isOpen) setOptions(next);
    return session;
  }

  const element = options && (
    <SelectPicker
      {...options}
      onClose={(result) => {
        setOptions(null);
        gate.current.close(result);
      }}
    />
  );
  return { open, element };
}

export interface SelectPickerFieldProps {
  label: string;
  /** The current value as text; `placeholder` shows when it is empty. */
  value: string;
  placeholder: string;
  disabled?: boolean;
  /** Called on tap; the field already refuses to open twice. */
  onOpen: () => Promise<unknown>;
  helperText?: string;
}

export function SelectPickerField({
  label,
  value,
  placeholder,
  disabled = false,
  onOpen,
  helperText,
}: SelectPickerFieldProps) {
  const labelId = useId();
  const buttonId = useId();
  const helperId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Button
        id={buttonId}
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-describedby={helperText ? helperId : undefined}
        aria-haspopup="dialog"
        variant="outlined"
        color="inherit"
        fullWidth
        disabled={disabled}
        endIcon={<ArrowDropDownIcon />}
        onClick={() => {
          // A refusal (disabled, already open) is the gate doing its job, not a failure.
          void onOpen().catch((error: unknown) => {
            if (!(error instanceof PickerRefusedError)) console.error('The picker failed', error);
          });
        }}
        sx={{ justifyContent: 'space-between', textTransform: 'none', fontWeight: 400 }}
      >
        {value || placeholder}
      </Button>
      {helperText && (
        <Typography id={helperId} variant="caption" color="text.secondary">
          {helperText}
        </Typography>
      )}
    </Box>
  );
}
