export default {
  workplace: {
    greeting: {
      morning: 'Good morning',
      forenoon: 'Good forenoon',
      noon: 'Good noon',
      afternoon: 'Good afternoon',
      evening: 'Good evening',
    },
    welcome: '{{greeting}}, {{name}}. Welcome back',
    role: 'Role: {{role}}',
    dateFormat: 'dddd, MMMM D, YYYY',
    quickLinks: 'Quick links',
    quickFilter: 'Find a section',
    noLinks: 'No sections are available yet',
    reload: 'Reload',
    recentLogins: 'My recent sign-ins',
    col: { time: 'Time', ip: 'IP', result: 'Result', userAgent: 'Browser' },
    loginResult: {
      ok: 'Success',
      bad_password: 'Wrong password',
      bad_code: 'Wrong code',
      need_code: 'Code required',
      locked: 'Account locked',
      throttled: 'Too many attempts',
    },
  },
};
