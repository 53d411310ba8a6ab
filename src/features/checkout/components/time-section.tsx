import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useId } from "react";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { SelectField } from "../../../components/text-field.tsx";
import type { Checkout } from "../use-checkout.ts";

/** When: as soon as possible or at a set time (not at a table), and the later day and time. */
export function TimeSection({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const whenTitle = useId();
  const { form, later } = checkout;
  return (
    <>
      {!checkout.table && (
        <Section
          className="savat-section"
          role="radiogroup"
          aria-labelledby={whenTitle}
          header={<SectionTitle id={whenTitle}>{t`When`}</SectionTitle>}
        >
          <ChoiceRow
            name="when"
            checked={!later}
            onChange={() => {
              form.set({ later: false });
            }}
          >
            {t`As soon as possible`}
          </ChoiceRow>
          <ChoiceRow
            name="when"
            checked={later}
            onChange={() => {
              form.set({ later: true });
            }}
          >
            {t`At a set time`}
          </ChoiceRow>
        </Section>
      )}
      {later && <LaterSlots checkout={checkout} />}
    </>
  );
}

function LaterSlots({ checkout }: { checkout: Checkout }) {
  const { t } = useLingui();
  const dayId = useId();
  const timeId = useId();
  const { form, branchId } = checkout;
  const { slots, days, chosenDay, times, chosenTime } = checkout.slots;
  if (slots.length === 0)
    return (
      <p className="field-error checkout__slot-error" role="alert">
        {branchId
          ? t`The branch has no open hours in the coming days`
          : t`Choose the address or branch first`}
      </p>
    );
  return (
    <div className="checkout__slots">
      <SelectField
        id={dayId}
        label={t`Day`}
        value={chosenDay}
        onChange={(e) => {
          form.set({ day: e.target.value });
        }}
      >
        {days.map((d) => (
          <option key={d} value={d}>
            {d.split("-").reverse().join(".")}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={timeId}
        label={t`Time`}
        value={chosenTime}
        onChange={(e) => {
          form.set({ time: e.target.value });
        }}
      >
        {times.map((x) => (
          <option key={x} value={x}>
            {x}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
