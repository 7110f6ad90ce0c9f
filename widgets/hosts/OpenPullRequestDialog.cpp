#include "OpenPullRequestDialog.h"

#include "InputStatus.h"

#include <HostToken.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

namespace rd {

namespace {

QString settingsKey(const QString &server, const char *name)
{
    // A server "host:port" holds no "/" (which QSettings reads as a group).
    return QStringLiteral("hosts/%1/%2").arg(QString(server).replace(QLatin1Char('/'), QLatin1Char('_')), QString::fromLatin1(name));
}

} // namespace

OpenPullRequestDialog::OpenPullRequestDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Open Pull Request"));
    auto *form = new QFormLayout(this);

    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("url"));
    m_url->setMinimumWidth(480);
    m_url->setPlaceholderText(tr("https://github.com/OWNER/REPO/pull/N, a GitLab merge request or a Gerrit change"));
    form->addRow(tr("Pull request &address:"), m_url);
    m_urlStatus = inputStatusLabel(this);
    form->addRow(QString(), m_urlStatus);

    auto *cloneRow = new QHBoxLayout;
    m_clone = new QLineEdit(this);
    m_clone->setObjectName(QStringLiteral("clone"));
    m_clone->setPlaceholderText(tr("ReviewDesk's own clone in its data folder"));
    cloneRow->addWidget(m_clone, 1);
    auto *browse = new QPushButton(tr("Browse…"), this);
    cloneRow->addWidget(browse);
    auto *cloneLabel = new QLabel(tr("&Clone to fetch into:"), this);
    cloneLabel->setBuddy(m_clone);
    form->addRow(cloneLabel, cloneRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Clone to Fetch Into"), m_clone->text());
        if (!folder.isEmpty())
            m_clone->setText(folder);
    });

    m_apiBase = new QLineEdit(this);
    m_apiBase->setObjectName(QStringLiteral("apiBase"));
    form->addRow(tr("&API address:"), m_apiBase);
    m_tokenVariable = new QLineEdit(this);
    m_tokenVariable->setObjectName(QStringLiteral("tokenVariable"));
    form->addRow(tr("&Token variable:"), m_tokenVariable);
    auto *tokenNote = new QLabel(tr("The token is read from this environment variable, else from the keyring; "
                                    "ReviewDesk never stores it. A public pull request needs none."),
                                 this);
    tokenNote->setWordWrap(true);
    form->addRow(QString(), tokenNote);

    m_importComments = new QCheckBox(tr("&Import the host's review comments"), this);
    m_importComments->setObjectName(QStringLiteral("importComments"));
    m_importComments->setChecked(true);
    form->addRow(QString(), m_importComments);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Open"));
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        rememberServerSettings();
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_url, &QLineEdit::textChanged, this, &OpenPullRequestDialog::urlChanged);
    connect(m_apiBase, &QLineEdit::textChanged, this, &OpenPullRequestDialog::urlChanged);
    urlChanged();
}

void OpenPullRequestDialog::setUrl(const QString &url)
{
    m_url->setText(url);
}

QString OpenPullRequestDialog::status() const
{
    return m_urlStatus->text();
}

void OpenPullRequestDialog::urlChanged()
{
    const auto locator = PullRequestLocator::parse(m_url->text(), QUrl(m_apiBase->text().trimmed()));
    m_valid = locator.ok();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_valid);
    if (m_url->text().trimmed().isEmpty())
        m_urlStatus->clear();
    else if (!locator)
        showInputStatus(m_urlStatus, false, locator.error().message);
    else
    {
        QString read = tr("%1 · server %2 · project %3 · number %4")
                           .arg(codeHostName(locator->kind), locator->server, locator->project, QString::number(locator->number));
        if (locator->patchSet > 0)
            read += tr(" · patch set %1").arg(locator->patchSet);
        showInputStatus(m_urlStatus, true, read);
    }
    if (!locator)
        return;
    // The URL's server changed: show what was used for it last time.
    const PullRequestLocator derived = *PullRequestLocator::parse(m_url->text());
    m_apiBase->setPlaceholderText(derived.apiBase.toString());
    m_tokenVariable->setPlaceholderText(host_token::defaultVariable(locator->kind));
    if (locator->server == m_server)
        return;
    m_server = locator->server;
    const QSettings settings;
    const QSignalBlocker quiet(m_apiBase);
    m_apiBase->setText(settings.value(settingsKey(m_server, "apiBase")).toString());
    m_tokenVariable->setText(settings.value(settingsKey(m_server, "tokenVariable")).toString());
}

PullRequestOpenOptions OpenPullRequestDialog::options() const
{
    PullRequestOpenOptions options;
    options.url = m_url->text().trimmed();
    options.apiBase = QUrl(m_apiBase->text().trimmed());
    options.tokenVariable = m_tokenVariable->text().trimmed();
    options.repository = m_clone->text().trimmed();
    options.importComments = m_importComments->isChecked();
    return options;
}

PullRequestOpenOptions OpenPullRequestDialog::rememberedOptions(const QString &url, const QString &repository)
{
    PullRequestOpenOptions options;
    options.url = url;
    options.repository = repository;
    if (const auto locator = PullRequestLocator::parse(url)) {
        const QSettings settings;
        options.apiBase = QUrl(settings.value(settingsKey(locator->server, "apiBase")).toString());
        options.tokenVariable = settings.value(settingsKey(locator->server, "tokenVariable")).toString();
    }
    return options;
}

void OpenPullRequestDialog::rememberServerSettings() const
{
    if (!m_valid || m_server.isEmpty())
        return;
    QSettings settings;
    settings.setValue(settingsKey(m_server, "apiBase"), m_apiBase->text().trimmed());
    settings.setValue(settingsKey(m_server, "tokenVariable"), m_tokenVariable->text().trimmed());
}

} // namespace rd
