/** Fund records / fund transfers (en-US). The Chinese file has the same keys. Fund type names come from the contracts. */
export default {
  ledger: {
    menu: { fundrecords: 'Fund records', fundtransferrecord: 'Fund transfers' },
    title: 'Fund records',
    transferTitle: 'Fund transfers',
    col: {
      user: 'User',
      type: 'Type',
      owner: 'Whose',
      amount: 'Amount',
      enableAfter: 'Free cash after',
      equityAfter: 'Equity after',
      frozenAfter: 'Held after',
      reference: 'Reference',
      note: 'Note',
      admin: 'Operator',
      time: 'Time',
    },
    filter: { userPlaceholder: 'User ID or phone', referencePlaceholder: 'Exact reference' },
    owner: { user: 'Users', agent: 'Agents', all: 'All' },
    totals: { title: 'Totals of the filtered records', count: 'Records', in: 'Money in', out: 'Money out', net: 'Net' },
  },
};
