"""The footer's social icons: one per network staff gave an address, and none else."""

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError

from pages.models import SocialLink

pytestmark = pytest.mark.django_db


def footer(client, path: str = "/fr/") -> str:
    return client.get(path).content.decode().split('<footer class="site-footer">')[1]


def test_only_networks_with_an_address_show_and_each_is_a_link(client):
    assert 'class="social"' not in footer(client)
    SocialLink.objects.create(network="instagram", url="https://instagram.com/pokeguess", order=2)
    SocialLink.objects.create(network="twitter", url="https://x.com/pokeguess", order=1)
    cache.clear()  # pages are kept PAGE_CACHE_SECONDS
    html = footer(client)
    twitter = html.index('href="https://x.com/pokeguess" rel="me" title="Twitter"')
    assert twitter < html.index('href="https://instagram.com/pokeguess" rel="me"')
    assert 'title="Facebook"' not in html
    assert html.count("<svg") == 2


@pytest.mark.parametrize("url", ["javascript:alert(1)", "instagram.com/pokeguess", "ftp://x.org"])
def test_an_address_that_is_no_web_page_is_refused(url):
    with pytest.raises(ValidationError):
        SocialLink(network="facebook", url=url).full_clean()


def test_staff_add_a_link_in_the_admin(admin_client):
    response = admin_client.post(
        "/admin/pages/sociallink/add/",
        {"network": "facebook", "url": "https://facebook.com/pokeguess", "order": 0},
    )
    assert response.status_code == 302
    assert SocialLink.objects.get().url == "https://facebook.com/pokeguess"
