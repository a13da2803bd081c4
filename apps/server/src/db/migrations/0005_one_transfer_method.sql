-- One bank-transfer method (decision 025): no schema change.
-- data migration (hand-written)
-- Receipt approvals used to record the method as the text 'Transferência Bancária' while staff confirmations
-- record the code 'transferencia': both are now 'transferencia', shown as 'Transferência Bancária'.
UPDATE "payments" SET "payment_method" = 'transferencia' WHERE "payment_method" = 'Transferência Bancária';
