/** Agents (en-US). The Chinese file has the same keys. */
export default {
  agents: {
    title: 'Agents',
    level: 'L{{n}}',
    col: {
      name: 'Agent name',
      realName: 'Real name',
      phone: 'Phone',
      inviteCode: 'Invite code',
      parent: 'Parent agent',
      feeRate: 'Fee share',
      deferralRate: 'Deferral share',
      profitRate: 'Profit share',
      balance: 'Balance',
      userCount: 'Direct users',
      childCount: 'Sub-agents',
      locked: 'Locked',
      createdAt: 'Created',
    },
    filter: { namePlaceholder: 'Name or real name', normal: 'Active' },
    action: {
      add: 'Add agent',
      addSub: 'Add sub-agent',
      deleteConfirm: 'Delete agent "{{name}}"?',
      deleteHint: 'An agent with users, sub-agents or a balance cannot be deleted.',
    },
    form: {
      addTitle: 'Add agent',
      editTitle: 'Edit agent - {{name}}',
      nameRequired: 'Enter the agent name',
      passwordKeep: 'Leave empty to keep it',
      parentHint: 'Leave empty for a top agent',
      rateInvalid: 'Enter a percentage from 0 to 100',
    },
    adjust: {
      title: 'Adjust agent balance',
      subject: 'Agent: {{name}}',
      done: 'Balance adjusted; agent balance {{balance}}',
    },
  },
};
