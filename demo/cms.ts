// Stands for a page builder inserting a section after load: the script notices it and upgrades it.
const later = document.querySelector('#later')!;

document.querySelector('#add')!.addEventListener('click', (event) => {
  const placeholder = document.createElement('div');
  placeholder.dataset.bookingWidget = '';
  placeholder.dataset.companyId = 'demo-clinic';
  placeholder.dataset.apiBase = '/booking-api';
  later.append(placeholder);
  (event.target as HTMLButtonElement).remove();
});

export {};
